import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { CONFIRMATION_TIME_ZONES, confirmationFacts, type ConfirmationDetailField } from '../../../domain/support/cancellation-confirmation';
import { ConfirmationPdfWriterMissing, type ConfirmationDocument, type ConfirmationPdf } from '../../../ports/confirmation-pdf';
import { useTexts, type TextsApi } from '../../hooks/use-texts';
import { useHydrated } from '../../hooks/use-hydrated';
import { usePageView } from '../../hooks/use-page-view';
import { usePageTitle } from '../contact/page-title';
import '../contact/contact.css';
import { CANCELLATION_SUCCESS_VIEW } from './cancellation-view';
import { CONFIRMATION_SHOWN_MS, holdsCancellation, readSentCancellation, type SentCancellation } from './sent-cancellation';
import { readableEmail } from './readable-email';

/** A press this soon after a saved PDF is the same press (a double tap): no second file. */
const DOUBLE_TAP_MS = 1000;

const DETAIL_LABELS: Readonly<Record<ConfirmationDetailField, string>> = {
  cancellationType: 'cancellation.pdf.typeLabel',
  customerNumber: 'cancellation.customerNumber.label',
  subscriptionId: 'cancellation.subscriptionId.label',
  firstName: 'contact.firstName.label',
  lastName: 'contact.lastName.label',
  email: 'contact.email.label',
  reason: 'cancellation.reason.label',
};

/** When the cancellation was stored and its reference number (when the answer named one), in one sentence of the site's texts. */
function receipt({ t, language }: Pick<TextsApi, 't' | 'language'>, sent: SentCancellation): string {
  // In the shop's time zone, named: the device's clock and zone may be anything. The zone's short name
  // is a text's to use or not: German has one (MEZ, MESZ), French only "UTC+1", which its text names before "heure suisse".
  const parts = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: CONFIRMATION_TIME_ZONES[sent.request.site],
    timeZoneName: 'short',
  }).formatToParts(new Date(sent.receivedAt));
  const zone = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  const shown = parts.filter((part) => part.type !== 'timeZoneName');
  const inDate = (part: Intl.DateTimeFormatPart | undefined) => part?.type === 'day' || part?.type === 'month' || part?.type === 'year';
  const date = shown
    .map((part, i) =>
      // French writes the first of a month as an ordinal ('le 1er décembre'), which Intl does not.
      part.type === 'day' && part.value === '1' && language.startsWith('fr')
        ? '1er'
        : // Day, month and year stay on one line ('1. Dezember 2026'), also on a narrow phone.
          part.type === 'literal' && inDate(shown[i - 1]) && inDate(shown[i + 1])
          ? part.value.replace(/ /g, '\u00a0')
          : part.value,
    )
    .join('')
    .trim();
  // A number the answer did not carry (cut short, twice) is left out, not named empty.
  return t(sent.id ? 'cancellation.pdf.received' : 'cancellation.pdf.receivedUnnumbered', { date, zone, id: sent.id });
}

/** The confirmation in the site's texts: the PDF's content, and the details the page lists. */
export function confirmationDocument(texts: Pick<TextsApi, 't' | 'language'>, sent: SentCancellation): ConfirmationDocument {
  const { t, language } = texts;
  const facts = confirmationFacts(sent.request);
  return {
    fileName: t('cancellation.pdf.fileName'),
    language,
    title: t('cancellation.pdf.title'),
    sender: [t('site.shopName'), ...t('site.postalAddress').split('\n'), t('site.email')].filter((line) => line !== ''),
    paragraphs: [
      t(`cancellation.pdf.subject.${facts.type}`),
      receipt(texts, sent),
      ...(facts.ordinaryNotice ? [t('cancellation.pdf.ordinaryNotice')] : []),
    ],
    pageFooter: [
      t('cancellation.pdf.title'),
      ...(sent.id ? [t('cancellation.pdf.reference', { id: sent.id })] : []),
      t('cancellation.pdf.pageOf', { page: '{page}', pages: '{pages}' }),
    ].join(' · '),
    detailsTitle: t('cancellation.pdf.details'),
    details: facts.details.map(({ field, value }) => ({
      label: t(DETAIL_LABELS[field]),
      value: field === 'cancellationType' ? t(`cancellation.type.${value}`) : field === 'email' ? readableEmail(value) : value,
    })),
    date: new Date(sent.receivedAt),
  };
}

export interface CancellationSuccessProps {
  /** The form's path under the page's prefix: where a success page without a sent cancellation leads. */
  readonly formPath: string;
  readonly pdf: ConfirmationPdf;
}

/** The browser keeps the entry's state on disk (a restored session): the shopper's data leaves it once its time is up. */
function dropEntryCopy(): void {
  const entry = window.history.state as { usr?: unknown } | null;
  if (holdsCancellation(entry?.usr)) window.history.replaceState({ ...entry, usr: null }, '');
}

/**
 * The success page (support spec §2): it confirms receipt, says a confirmation also goes out by
 * e-mail, lists what was sent and offers it as a PDF. Opened without a cancellation sent in this
 * tab's history (typed, bookmarked, another tab), it says there is nothing to confirm and links to the form.
 */
export function CancellationSuccess({ formPath, pdf }: CancellationSuccessProps) {
  const hydrated = useHydrated();
  const { state, search } = useLocation();
  // When the entry was opened: a page left open goes on showing what it shows.
  const [openedAt] = useState(() => Date.now());
  // The server has no history entry: its page (and the browser's while hydrating) is the frame with
  // the page's title; once the script has taken it over the page shows what the entry holds.
  const sent = hydrated ? readSentCancellation(state, openedAt) : undefined;
  const expired = hydrated && sent === undefined && holdsCancellation(state);
  const sentAt = sent?.sentAt;
  useEffect(() => {
    if (expired) return dropEntryCopy();
    if (sentAt === undefined) return;
    // A page left open goes on showing it, but a session the browser saves later holds nothing of it.
    // Never longer than the time itself (a clock set back since the send would ask for days).
    const timer = setTimeout(dropEntryCopy, Math.min(Math.max(0, sentAt + CONFIRMATION_SHOWN_MS - Date.now()), CONFIRMATION_SHOWN_MS));
    return () => clearTimeout(timer);
  }, [expired, sentAt]);
  return sent ? <SuccessBody sent={sent} pdf={pdf} /> : <NothingSent formHref={formPath + search} shown={hydrated} />;
}

/**
 * The success page opened without a cancellation sent: it says so and leads to the form (no page
 * view: nothing was cancelled). Until `shown`, only its heading.
 */
function NothingSent({ formHref, shown }: { formHref: string; shown: boolean }) {
  const { t } = useTexts();
  usePageTitle(t('common.documentTitle', { page: t('cancellation.successTitle'), shopName: t('site.shopName') }));
  return (
    <section className="contact cancellation" aria-labelledby="cancellation-title">
      <h1 className="contact-heading" id="cancellation-title">
        {t('cancellation.successTitle')}
      </h1>
      {shown ? (
        <>
          <p>{t('cancellation.success.none')}</p>
          <p>
            <a href={formHref}>{t('cancellation.success.toForm')}</a>
          </p>
        </>
      ) : null}
    </section>
  );
}

function SuccessBody({ sent, pdf }: { sent: SentCancellation; pdf: ConfirmationPdf }) {
  const texts = useTexts();
  const { t } = texts;
  usePageView(CANCELLATION_SUCCESS_VIEW);
  // What happened, as the contact form's sent view says: the same title as the page with nothing to
  // confirm told a screen reader moving between tabs nothing (QA pass).
  usePageTitle(t('common.documentTitle', { page: t('cancellation.success.heading'), shopName: t('site.shopName') }));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  // On a slow line the writer and its fonts take many seconds: loaded while the page is read.
  useEffect(() => {
    pdf.prepare?.();
  }, [pdf]);
  // 'missing': the PDF writer's file could not be loaded (a deploy replaced it): only a reload helps.
  const [saving, setSaving] = useState<'idle' | 'saving' | 'failed' | 'missing'>('idle');
  // Shown below the button, which stays under the finger: brought into view when the button was at the screen's edge.
  const failure = useRef<HTMLParagraphElement>(null);
  // In braces: Chromium's scrollIntoView answers a promise, which React would call as the effect's cleanup.
  useEffect(() => {
    failure.current?.scrollIntoView?.({ block: 'nearest' });
  }, [saving]);
  const document = confirmationDocument(texts, sent);
  // Until when a press is not a new one: writing holds a slow phone's page for a second, and a second
  // tap made meanwhile is handled only after it, when the button is free again (it wrote a second
  // file); a double tap on a fast one comes after the save (two files again). A press after a failure
  // tries again at once.
  const quietUntil = useRef(Number.NEGATIVE_INFINITY);
  const download = (event: MouseEvent) => {
    if (saving === 'saving' || event.timeStamp < quietUntil.current) return;
    setSaving('saving');
    const saved = (state: typeof saving) => {
      quietUntil.current = performance.now() + (state === 'idle' ? DOUBLE_TAP_MS : 0);
      setSaving(state);
    };
    pdf.save(document).then(
      () => saved('idle'),
      (error: unknown) => saved(error instanceof ConfirmationPdfWriterMissing ? 'missing' : 'failed'),
    );
  };
  return (
    // `data-kept-page`: a reload could not show it again once its time is up, so a new build does not
    // reload it in place (src/app/support/new-build-module.ts).
    <section className="contact cancellation" aria-labelledby="cancellation-title" data-kept-page="">
      <h1 className="contact-heading" id="cancellation-title" tabIndex={-1} ref={heading}>
        {t('cancellation.success.heading')}
      </h1>
      <p className="contact-success-text">{t('cancellation.success.text', { email: readableEmail(sent.request.email) })}</p>
      {/* The reference number and the time: on the page too, not only in the PDF. */}
      <p>{receipt(texts, sent)}</p>
      {/* When an ordinary cancellation takes effect: said here as in the PDF, not only a download away. */}
      {confirmationFacts(sent.request).ordinaryNotice ? <p>{t('cancellation.pdf.ordinaryNotice')}</p> : null}
      <h2 className="cancellation-subheading">{t('cancellation.success.details')}</h2>
      <dl className="cancellation-details">
        {document.details.map(({ label, value }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd dir="auto">{value}</dd>
          </div>
        ))}
      </dl>
      <button className="button-primary" type="button" onClick={download} aria-disabled={saving === 'saving' ? true : undefined}>
        {t('cancellation.success.download')}
      </button>
      {/* Below the button: put above it, the text moved the button away from under a phone user's finger. */}
      {saving === 'failed' || saving === 'missing' ? (
        <p className="send-failure" role="alert" ref={failure}>
          {t(saving === 'missing' ? 'error.loadFailed' : 'cancellation.success.downloadFailed')}
        </p>
      ) : null}
      <p className="send-progress-status" role="status">
        {saving === 'saving' ? t('cancellation.success.preparing') : null}
      </p>
    </section>
  );
}
