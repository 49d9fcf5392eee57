import { useForm } from '@tanstack/react-form';
import { useRef, useState } from 'react';
import { validateCancellation, type CancellationRequest } from '../../../domain/support/cancellation-request';
import type { SiteCode } from '../../../domain/support/sites';
import type { CancellationSubmission } from '../../../ports/cancellation-submission';
import type { SubmissionOutcome } from '../../../ports/contact-submission';
import { blurThenChangeLogic } from '../contact/contact-validation';
import {
  CANCELLATION_FIELD_ORDER,
  EMPTY_CANCELLATION_VALUES,
  cancellationInput,
  type CancellationFormField,
  type CancellationFormValues,
} from './cancellation-values';

/**
 * A failed send's text: 'failed' the send-failure text; a site the server refuses (its lists changed
 * while the page was open): 'site.notAllowed' (no online cancellation there) or 'site.invalid' (reload).
 */
export type CancellationSendState = 'idle' | 'sending' | 'failed' | 'site.notAllowed' | 'site.invalid';

export interface CancellationFormOptions {
  readonly site: SiteCode;
  readonly submission: CancellationSubmission;
  /** Called once the cancellation is stored, with what was sent, the service's id and when it was stored (ISO 8601, if said). */
  readonly onSent: (request: CancellationRequest, id: string, receivedAt: string | undefined) => void;
  /** Told of every send's outcome (tracking). */
  readonly onOutcome?: (outcome: SubmissionOutcome) => void;
}

const formFields: ReadonlySet<string> = new Set(CANCELLATION_FIELD_ORDER);

/**
 * The cancellation form's state (TanStack Form) and its send: a submit marks every field touched and
 * validates; an invalid form asks for the error summary; a valid one is sent once, however often the
 * button is pressed. Nothing the shopper entered is reset: a failed send keeps every value.
 */
export function useCancellationForm({ site, submission, onSent, onOutcome }: CancellationFormOptions) {
  const [send, setSend] = useState<CancellationSendState>('idle');
  /** Grows by one on every refused submit: the summary shows and takes focus again. */
  const [summaryRequest, setSummaryRequest] = useState(0);
  const busy = useRef(false);
  /** The cancellation is stored: the form stays on screen until the success page comes, and sends nothing more. */
  const stored = useRef(false);
  const refuse = () => {
    setSend('idle');
    setSummaryRequest((n) => n + 1);
  };

  const form = useForm({
    defaultValues: EMPTY_CANCELLATION_VALUES as CancellationFormValues,
    validationLogic: blurThenChangeLogic,
    canSubmitWhenInvalid: true,
    onSubmitInvalid: refuse,
    onSubmit: async ({ value }) => {
      const checked = validateCancellation(cancellationInput(site, value));
      if (!checked.ok) return refuse();
      setSend('sending');
      let outcome: SubmissionOutcome;
      try {
        outcome = await submission.submit(checked.value);
      } catch {
        outcome = { kind: 'failed' };
      }
      if (outcome.kind === 'sent') {
        stored.current = true;
        onOutcome?.(outcome);
        onSent(checked.value, outcome.id, outcome.receivedAt);
        return;
      }
      // The server's message keys at their fields; keys naming no field of the form are a failed send.
      const atFields = outcome.kind === 'invalid' ? Object.entries(outcome.errors).filter(([field]) => formFields.has(field)) : [];
      for (const [field, key] of atFields) {
        form.setFieldMeta(field as CancellationFormField, (meta) => ({ ...meta, isTouched: true, errorMap: { ...meta.errorMap, onServer: key } }));
      }
      onOutcome?.(atFields.length > 0 ? outcome : { kind: 'failed' });
      if (atFields.length > 0) return refuse();
      const siteRefusal = outcome.kind === 'invalid' ? outcome.errors.site : undefined;
      setSend(siteRefusal === 'site.notAllowed' || siteRefusal === 'site.invalid' ? siteRefusal : 'failed');
    },
  });

  /** Submits once: a press while a send is under way, or once the cancellation is stored, does nothing. */
  async function submit(): Promise<void> {
    if (busy.current) return;
    busy.current = true;
    try {
      await form.handleSubmit();
    } finally {
      busy.current = stored.current;
    }
  }

  return { form, send, summaryRequest, submit };
}
