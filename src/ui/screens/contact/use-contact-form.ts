import { useForm } from '@tanstack/react-form';
import { useEffect, useRef, useState } from 'react';
import type { SiteCode } from '../../../domain/support/sites';
import type { SubmissionOutcome } from '../../../ports/contact-submission';
import { contactLater, loadContactRules } from './contact-rules';
import { blurThenChangeLogic } from './contact-validation';
import { EMPTY_CONTACT_VALUES, contactInput, type ContactFormValues } from './contact-values';
import { useContactServices } from './contact-services';

/** Where a send stands: nothing under way, sending (with the upload's percentage once known), or failed. */
export type SendState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'sending'; readonly percent: number | undefined }
  /** `reload`: the text of a failure only a reload mends, instead of the send-failure text. */
  | { readonly phase: 'failed'; readonly reload?: string };

export interface ContactFormOptions {
  readonly site: SiteCode;
  /** Called once a send is stored; before it the draft is cleared. */
  readonly onSent: (id: string) => void | Promise<void>;
  /** Told of every send's outcome (tracking). */
  readonly onOutcome?: (outcome: SubmissionOutcome) => void;
}

/** Counts the forms mounted: a send answered after the shopper reopened the form belongs to an older one. */
let formMounts = 0;

/**
 * The contact form's state (TanStack Form) and its send: a submit marks every field touched and
 * validates; an invalid form asks for the error summary; a valid one is sent once, however often the
 * button is pressed. Nothing the visitor entered is ever reset here.
 */
export function useContactForm({ site, onSent, onOutcome }: ContactFormOptions) {
  const { submission } = useContactServices();
  const [send, setSend] = useState<SendState>({ phase: 'idle' });
  /** Grows by one on every refused submit: the summary shows and takes focus again. */
  const [summaryRequest, setSummaryRequest] = useState(0);
  const busy = useRef(false);
  /** Aborted when the form leaves the page inside the app (no pagehide): a send still uploading is withdrawn. */
  const left = useRef<AbortController | undefined>(undefined);

  const form = useForm({
    defaultValues: EMPTY_CONTACT_VALUES as ContactFormValues,
    validationLogic: blurThenChangeLogic,
    // Validate every field on each submit, also when a field already shows an error.
    canSubmitWhenInvalid: true,
    onSubmitInvalid: () => {
      setSend({ phase: 'idle' });
      setSummaryRequest((n) => n + 1);
    },
    onSubmit: async ({ value }) => {
      const { validateContact, showServerErrors } = await loadContactRules();
      const checked = validateContact(site, contactInput(site, value));
      if (!checked.ok) {
        setSend({ phase: 'idle' });
        setSummaryRequest((n) => n + 1);
        return;
      }
      setSend({ phase: 'sending', percent: undefined });
      const mountsAtSend = formMounts;
      let outcome: SubmissionOutcome;
      try {
        outcome = await submission.submit(
          { ...checked.value, attachments: value.attachments },
          ({ loaded, total }) => {
            if (total > 0) setSend({ phase: 'sending', percent: Math.min(100, Math.round((loaded / total) * 100)) });
          },
          left.current?.signal,
        );
      } catch {
        outcome = { kind: 'failed' };
      }
      // Sent: the form stays as while sending (nothing can be edited) until the success view takes its
      // place, once the draft is cleared; an edit meanwhile would be lost with it. Reopened meanwhile,
      // the form shows the draft it restored, maybe edited since: it stays, and can be edited.
      const sentHere = outcome.kind === 'sent' && formMounts === mountsAtSend;
      // Else the send is over (a failure is set below). Withdrawn because the form or the page was left:
      // nothing was sent, the draft stays, and a page back from the back/forward cache can send again.
      if (!sentHere) setSend({ phase: 'idle' });
      if ('withdrawn' in outcome) return;
      const atFields = outcome.kind === 'invalid' && showServerErrors(form, outcome.errors, value.attachments, outcome.refusedAttachments);
      // Errors that name no field of the form are shown as a transmission error, and so counted.
      onOutcome?.(outcome.kind === 'invalid' && !atFields ? { kind: 'failed' } : outcome);
      if (outcome.kind === 'sent') {
        if (sentHere) await onSent(outcome.id);
        return;
      }
      if (atFields) {
        setSummaryRequest((n) => n + 1);
        return;
      }
      // The server knows no such site (a deploy dropped it while the page was open): the page must be reloaded.
      setSend(outcome.kind === 'invalid' && outcome.errors.site === 'site.invalid' ? { phase: 'failed', reload: 'contact.errors.site.invalid' } : { phase: 'failed' });
    },
  });

  useEffect(() => {
    // The rules (their own chunk) load once the form has rendered.
    loadContactRules().catch(() => undefined);
    // A fresh controller per mount: React's development double mount must not leave an aborted one.
    const leaving = new AbortController();
    left.current = leaving;
    formMounts += 1;
    return () => leaving.abort();
  }, []);

  /** Submits once: a press while a submit or send is under way does nothing. */
  async function submit(): Promise<void> {
    if (busy.current) return;
    busy.current = true;
    try {
      try {
        // The fields' validators need the rules: a submit waits for them, showing at once that the press
        // was taken (on a slow line the rules may still be on their way).
        if (!contactLater()) setSend({ phase: 'sending', percent: undefined });
        await loadContactRules();
      } catch {
        // Shown as a failed send, and so counted.
        onOutcome?.({ kind: 'failed' });
        setSend({ phase: 'failed' });
        return;
      }
      await form.handleSubmit();
    } finally {
      busy.current = false;
    }
  }

  return { form, send, summaryRequest, submit, setSend };
}

export type ContactFormApi = ReturnType<typeof useContactForm>['form'];
