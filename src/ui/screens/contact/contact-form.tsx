import { useSelector } from '@tanstack/react-form';
import { useEffect, useState } from 'react';
import { CONTACT_TOPICS, QUESTION_MAX_LENGTH } from '../../../domain/support/contact-fields';
import type { SiteCode } from '../../../domain/support/sites';
import type { SubmissionOutcome } from '../../../ports/contact-submission';
import { dropHeldBlurs } from '../../components/form/blur-after-press';
import { unannouncedTextTakeover } from '../../components/form/unannounced-text';
import { CheckboxField } from '../../components/form/checkbox-field';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { useSite } from '../../hooks/use-site';
import { useTexts } from '../../hooks/use-texts';
import { AttachmentsField } from './attachments-field';
import { useContactServices } from './contact-services';
import { contactRule, errorText, isFilesError } from './contact-validation';
import { FIELD_ORDER, TEXT_FIELDS, fieldId, hasLegalConsent, type ContactFormField } from './contact-values';
import { contactLater } from './contact-rules';
import type { SummaryEntry } from './error-summary';
import { fillNodes } from '../../components/fill-nodes';
import { PrivacyNote } from '../../components/privacy-note';
import { contactPageTitle, usePageTitle } from './page-title';
import { inNameOrder } from './name-order';
import { ReloadHint } from './reload-hint';
import { SendButton } from './send-button';
import { UploadProgress } from './upload-progress';
import { useContactDraft } from './use-contact-draft';
import { useContactForm } from './use-contact-form';

const TEXT_INPUTS = [
  { field: 'articleNumber', optional: true, hint: true, autoComplete: 'on' },
  { field: 'firstName', autoComplete: 'given-name' },
  { field: 'lastName', autoComplete: 'family-name' },
  { field: 'email', inputMode: 'email', autoComplete: 'email', hint: true },
] as const satisfies readonly {
  field: ContactFormField;
  optional?: boolean;
  hint?: boolean;
  autoComplete: string;
  inputMode?: 'email';
}[];

const filesOf = (error: unknown): readonly File[] | undefined => (isFilesError(error) ? error.files : undefined);

const sameItems = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((item, i) => item === b[i]);

export interface ContactFormProps {
  readonly site: SiteCode;
  readonly onSent: () => void;
  /** Told of every send's outcome (tracking). */
  readonly onOutcome?: (outcome: SubmissionOutcome) => void;
}

/** The contact form: fields, error summary, attachments, privacy note, legal notice on tr, send and its outcome. */
export function ContactForm({ site, onSent, onOutcome }: ContactFormProps) {
  const { t, language } = useTexts();
  const { drafts } = useContactServices();
  const { form, send, summaryRequest, submit, setSend } = useContactForm({
    site,
    onOutcome,
    onSent: async () => {
      await discard();
      onSent();
    },
  });
  // The store's site: while the texts of a site switched to load, what is typed is already its draft
  // (a reload for their missing chunk then finds it there).
  const { notice, discard } = useContactDraft(form, useSite(), drafts, t, setSend);
  // Only the first error of each field: typing must not re-render the whole form.
  const fieldOrder = inNameOrder(site, FIELD_ORDER, (field) => field);
  const firstErrors = useSelector(form.store, (state) => fieldOrder.map((field) => state.fieldMeta[field]?.errors[0]), {
    compare: sameItems,
  });

  const entries: SummaryEntry[] = fieldOrder.flatMap((field, index) => {
    const text = errorText(t, language, field, firstErrors[index] === undefined ? [] : [firstErrors[index]]);
    return text ? [{ id: fieldId(field), text }] : [];
  });
  // The summary opens on a refused submit and closes once no field is in error (until the next one).
  const [closedAfter, setClosedAfter] = useState(0);
  const summaryShown = summaryRequest > closedAfter && entries.length > 0;
  // Loaded: a summary is asked for only by a submit, which waits for the later part.
  const ErrorSummary = contactLater()?.ErrorSummary;
  // Loaded too, unless its chunk failed (a deploy removed it): then no send can work until the page is
  // reloaded (the boot guard keeps what was typed for that), which is what the shopper is told.
  const SendFailure = contactLater()?.SendFailure;
  useEffect(() => {
    if (summaryRequest > closedAfter && entries.length === 0) setClosedAfter(summaryRequest);
  }, [summaryRequest, closedAfter, entries.length]);
  // Set here, not by the screen: the success view takes the form's place, and a parent's effect would
  // run after the view's when both mount together (Forward to an answered send).
  const title = contactPageTitle(t);
  usePageTitle(summaryShown ? t('contact.errorTitle', { title }) : title);

  // While a message is sending nothing can be edited (an edit would be dropped by the success screen).
  const readOnly = send.phase === 'sending';
  const errorLabel = t('contact.errorLabel');
  const errorOf = (field: ContactFormField, errors: readonly unknown[]) => errorText(t, language, field, errors);
  /** What every control takes from its form field alike: id, name, error, read-only while sending, blur. */
  const bound = (name: ContactFormField, field: { state: { meta: { errors: readonly unknown[] } }; handleBlur: () => void }) => ({
    id: fieldId(name),
    name,
    error: errorOf(name, field.state.meta.errors),
    errorLabel,
    readOnly,
    onBlur: field.handleBlur,
  });

  // Text an autofill tool put into a field without input events (unannounced-text.ts). A focus the
  // app moves after emptying the form waits for the emptied form to be rendered (contact-draft.ts): a
  // field left before, still showing the removed text, would take it back.
  const unannouncedText = unannouncedTextTakeover(form, TEXT_FIELDS);

  return (
    <form
      className="contact-form"
      // Sent by script only; a send before the script has taken over the server's HTML is blocked below
      // (the button is disabled until then), and `post` keeps personal data out of any URL regardless.
      method="post"
      noValidate
      {...unannouncedText.handlers}
      onSubmit={(event) => {
        event.preventDefault();
        dropHeldBlurs();
        unannouncedText.now(event);
        void submit();
      }}
    >
      {summaryShown && ErrorSummary ? <ErrorSummary title={t('contact.invalidForm')} entries={entries} focusRequest={summaryRequest} /> : null}
      <form.Field name="question" validators={{ onDynamic: contactRule(site, 'question') }}>
        {(field) => (
          <TextField
            {...bound('question', field)}
            multiline
            required
            label={t('contact.question.label')}
            hint={t('contact.question.hint')}
            maxLength={QUESTION_MAX_LENGTH}
            value={field.state.value}
            onChange={field.handleChange}
          />
        )}
      </form.Field>

      <form.Field name="topic" validators={{ onChange: contactRule(site, 'topic') }}>
        {(field) => (
          <SelectField
            {...bound('topic', field)}
            required
            label={t('contact.topic.label')}
            placeholder={t('contact.topic.placeholder')}
            options={CONTACT_TOPICS.map((topic) => ({ value: topic, label: t(`contact.topic.options.${topic}`) }))}
            value={field.state.value}
            onChange={field.handleChange}
          />
        )}
      </form.Field>

      {inNameOrder(site, TEXT_INPUTS, (input) => input.field).map((input) => (
        <form.Field key={input.field} name={input.field} validators={{ onDynamic: contactRule(site, input.field) }}>
          {(field) => (
            <TextField
              {...bound(input.field, field)}
              inputMode={'inputMode' in input ? input.inputMode : undefined}
              autoComplete={input.autoComplete}
              required={!('optional' in input)}
              label={t(`contact.${input.field}.label`)}
              optionalText={'optional' in input ? t('contact.optional') : undefined}
              hint={'hint' in input ? t(`contact.${input.field}.hint`) : undefined}
              value={field.state.value}
              onChange={field.handleChange}
            />
          )}
        </form.Field>
      ))}

      <form.Field name="attachments" validators={{ onChange: contactRule(site, 'attachments') }}>
        {(field) => (
          <AttachmentsField
            id={fieldId('attachments')}
            files={field.state.value}
            error={errorOf('attachments', field.state.meta.errors)}
            refused={filesOf(field.state.meta.errors[0])}
            readOnly={readOnly}
            onChange={(files) => {
              // A change clears the server's error; the files it named that are still chosen stay refused.
              const server = field.state.meta.errorMap.onServer;
              field.handleChange(files);
              const still = isFilesError(server) ? server.files.filter((file) => files.includes(file)) : [];
              if (isFilesError(server) && still.length > 0) {
                field.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: { key: server.key, files: still } } }));
              }
            }}
            onBlur={field.handleBlur}
          />
        )}
      </form.Field>

      <PrivacyNote />

      {hasLegalConsent(site) ? (
        <form.Field name="legalConsent" validators={{ onChange: contactRule(site, 'legalConsent') }}>
          {(field) => (
            <CheckboxField
              {...bound('legalConsent', field)}
              required
              autoComplete="off"
              label={t('contact.legalConsent.label')}
              hint={fillNodes(t, 'contact.legalConsent.notice.text', {
                link: <a href={t('contact.legalConsent.notice.href')}>{t('contact.legalConsent.notice.link')}</a>,
              })}
              checked={field.state.value}
              onChange={field.handleChange}
            />
          )}
        </form.Field>
      ) : null}

      {/* Beside the send button, not above the fields: filled in after the first paint (the draft is read
          lazily), it would push every field down under a shopper's finger. */}
      <p className="draft-notice">
        <span role="status">{notice.text}</span> {notice.action}
      </p>
      {send.phase === 'failed' ? (
        SendFailure && !send.reload ? <SendFailure /> : <ReloadHint text={t(send.reload ?? 'error.loadFailed')} />
      ) : null}
      <UploadProgress
        send={send}
        label={t('contact.progress.label')}
        pendingText={t('contact.sending')}
        statusText={(percent) => t('contact.progress.status', { percent })}
      />
      <SendButton label={t('contact.submit')} sending={send.phase === 'sending'} />
    </form>
  );
}
