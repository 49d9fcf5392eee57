import { useSelector } from '@tanstack/react-form';
import { useEffect, useRef, useState } from 'react';
import { CANCELLATION_TYPES, REASON_MAX_LENGTH, validateCancellationField, type CancellationRequest } from '../../../domain/support/cancellation-request';
import type { SiteCode } from '../../../domain/support/sites';
import type { CancellationSubmission } from '../../../ports/cancellation-submission';
import type { SubmissionOutcome } from '../../../ports/contact-submission';
import { dropHeldBlurs } from '../../components/form/blur-after-press';
import { unannouncedTextTakeover } from '../../components/form/unannounced-text';
import { RadioGroupField } from '../../components/form/radio-group-field';
import { TextField } from '../../components/form/text-field';
import { PrivacyNote } from '../../components/privacy-note';
import { useTexts } from '../../hooks/use-texts';
import { ErrorSummary, type SummaryEntry } from '../contact/error-summary';
import { usePageTitle } from '../contact/page-title';
import { SendButton } from '../contact/send-button';
import { SendFailure } from '../contact/send-failure';
import { cancellationErrorText } from './cancellation-errors';
import {
  CANCELLATION_FIELD_ORDER,
  cancellationFieldId,
  cancellationInput,
  type CancellationFormField,
  type CancellationFormValues,
} from './cancellation-values';
import { useCancellationForm } from './use-cancellation-form';

/** The text of each failed send (the server's site keys: its lists changed while the page was open). */
const FAILURE_TEXT = {
  failed: 'cancellation.failure.text',
  'site.notAllowed': 'cancellation.errors.site.notAllowed',
  'site.invalid': 'contact.errors.site.invalid',
} as const;

// The customer number and subscription id have no token of their own, and no `off` before a send: the
// browser keeps a field with `off` nowhere, and Back from the account page where the shopper looked
// them up brought the form back without them (QA pass). What it suggests there is what was typed into
// a field of the same name before.
const TEXT_INPUTS = [
  { field: 'customerNumber', hint: true, code: true },
  { field: 'subscriptionId', hint: true, code: true },
  { field: 'firstName', autoComplete: 'given-name' },
  { field: 'lastName', autoComplete: 'family-name' },
  { field: 'email', autoComplete: 'email', inputMode: 'email' },
] as const satisfies readonly { field: CancellationFormField; autoComplete?: string; hint?: boolean; code?: boolean; inputMode?: 'email' }[];
const UNANNOUNCED_TEXT_FIELDS = [...TEXT_INPUTS.map((input) => input.field), 'reason'] as const;

/** The person fields' labels are the contact form's. */
const labelKey = (field: CancellationFormField) =>
  field === 'firstName' || field === 'lastName' || field === 'email' ? `contact.${field}.label` : `cancellation.${field}.label`;

const sameItems = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((item, i) => item === b[i]);

interface RuleInput<V> {
  readonly value: V;
  readonly fieldApi: { readonly form: { readonly state: { readonly values: CancellationFormValues } } };
}

/** A field's validator: the domain's cancellation rules over all the form's values, for this field. */
const rule =
  <F extends CancellationFormField>(site: SiteCode, field: F) =>
  ({ value, fieldApi }: RuleInput<CancellationFormValues[F]>) =>
    validateCancellationField(field, cancellationInput(site, { ...fieldApi.form.state.values, [field]: value }));

export interface CancellationFormProps {
  readonly site: SiteCode;
  readonly submission: CancellationSubmission;
  readonly onSent: (request: CancellationRequest, id: string, receivedAt: string | undefined) => void;
  readonly onOutcome?: (outcome: SubmissionOutcome) => void;
}

/** The cancellation form: type, the holder's data, reason, error summary, send and its failure. */
export function CancellationForm({ site, submission, onSent, onOutcome }: CancellationFormProps) {
  const texts = useTexts();
  const { t } = texts;
  const element = useRef<HTMLFormElement>(null);
  const { form, send, summaryRequest, submit } = useCancellationForm({
    site,
    submission,
    onSent: (...sent) => {
      // Sent: the browser is not to keep what was typed with this page's history entry (a browser that
      // restores its last session on a shared computer brought the reason back on Back).
      // Each field too: an own token (`email`, `given-name`) wins over the form's.
      for (const control of [element.current, ...(element.current?.elements ?? [])]) control?.setAttribute('autocomplete', 'off');
      onSent(...sent);
    },
    onOutcome,
  });
  const firstErrors = useSelector(form.store, (state) => CANCELLATION_FIELD_ORDER.map((field) => state.fieldMeta[field]?.errors[0]), {
    compare: sameItems,
  });
  const extraordinary = useSelector(form.store, (state) => state.values.cancellationType === 'extraordinary');
  const errorOf = (field: CancellationFormField, errors: readonly unknown[]) => cancellationErrorText(texts, field, errors[0]);

  const entries: SummaryEntry[] = CANCELLATION_FIELD_ORDER.flatMap((field, index) => {
    const text = cancellationErrorText(texts, field, firstErrors[index]);
    return text ? [{ id: cancellationFieldId(field), text }] : [];
  });
  // The summary opens on a refused submit and closes once no field is in error (until the next one).
  const [closedAfter, setClosedAfter] = useState(0);
  const summaryShown = summaryRequest > closedAfter && entries.length > 0;
  useEffect(() => {
    if (summaryRequest > closedAfter && entries.length === 0) setClosedAfter(summaryRequest);
  }, [summaryRequest, closedAfter, entries.length]);
  const title = t('common.documentTitle', { page: t('cancellation.title'), shopName: t('site.shopName') });
  usePageTitle(summaryShown ? t('contact.errorTitle', { title }) : title);

  const readOnly = send === 'sending';
  const errorLabel = t('contact.errorLabel');
  const bound = (name: CancellationFormField, field: { state: { meta: { errors: readonly unknown[] } }; handleBlur: () => void }) => ({
    id: cancellationFieldId(name),
    name,
    error: errorOf(name, field.state.meta.errors),
    errorLabel,
    readOnly,
    onBlur: field.handleBlur,
  });

  // Text an autofill tool put into a field without input events (unannounced-text.ts).
  const unannouncedText = unannouncedTextTakeover(form, UNANNOUNCED_TEXT_FIELDS);

  return (
    <form
      ref={element}
      className="contact-form cancellation-form"
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
      {summaryShown ? <ErrorSummary title={t('contact.invalidForm')} entries={entries} focusRequest={summaryRequest} /> : null}
      <form.Field
        name="cancellationType"
        validators={{ onChange: rule(site, 'cancellationType') }}
        listeners={{
          // The reason's rule depends on the type: an error it shows is answered by the new type, and
          // after a refused send (every field checked) a reason the new type requires is asked for at once.
          onChange: () => {
            if ((form.getFieldMeta('reason')?.errors.length ?? 0) > 0 || form.state.submissionAttempts > 0) void form.validateField('reason', 'blur');
          },
        }}
      >
        {(field) => (
          <RadioGroupField
            {...bound('cancellationType', field)}
            required
            legend={t('cancellation.type.legend')}
            options={CANCELLATION_TYPES.map((type) => ({
              value: type,
              label: t(`cancellation.type.${type}`),
              hint: t(`cancellation.type.${type}Hint`),
            }))}
            value={field.state.value}
            onChange={(value) => field.handleChange(value as CancellationFormValues['cancellationType'])}
          />
        )}
      </form.Field>

      <h2 className="cancellation-subheading">{t('cancellation.holder')}</h2>
      {TEXT_INPUTS.map((input) => (
        <form.Field key={input.field} name={input.field} validators={{ onDynamic: rule(site, input.field) }}>
          {(field) => (
            <TextField
              {...bound(input.field, field)}
              inputMode={'inputMode' in input ? input.inputMode : undefined}
              autoComplete={'autoComplete' in input ? input.autoComplete : undefined}
              code={'code' in input}
              required
              label={t(labelKey(input.field))}
              hint={'hint' in input ? t(`cancellation.${input.field}.hint`) : undefined}
              value={field.state.value}
              onChange={field.handleChange}
            />
          )}
        </form.Field>
      ))}

      <form.Field name="reason" validators={{ onDynamic: rule(site, 'reason') }}>
        {(field) => (
          <TextField
            {...bound('reason', field)}
            multiline
            rows={4}
            required={extraordinary}
            label={t('cancellation.reason.label')}
            optionalText={t('cancellation.reason.requiredNote')}
            hint={t('cancellation.reason.hint')}
            maxLength={REASON_MAX_LENGTH}
            value={field.state.value}
            onChange={field.handleChange}
          />
        )}
      </form.Field>

      {/* The form asks for personal data (a reason may be a health matter): its notice is linked, as on the contact form. */}
      <PrivacyNote />
      {send === 'idle' || send === 'sending' ? null : <SendFailure textKey={FAILURE_TEXT[send]} />}
      <p className="draft-notice" role="status">
        {send === 'sending' ? t('cancellation.sending') : ''}
      </p>
      <SendButton label={t('cancellation.submit')} sending={send === 'sending'} />
    </form>
  );
}
