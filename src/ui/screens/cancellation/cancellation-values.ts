import {
  REASON_MAX_LENGTH,
  REFERENCE_MAX_LENGTH,
  type CancellationField,
  type CancellationType,
} from '../../../domain/support/cancellation-request';
import { CONFIRMATION_DETAIL_FIELDS } from '../../../domain/support/cancellation-confirmation';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../domain/support/form-field-keys';
import type { SiteCode } from '../../../domain/support/sites';

/** The cancellation form's values as the shopper enters them ('' for no type chosen yet). */
export interface CancellationFormValues {
  cancellationType: CancellationType | '';
  customerNumber: string;
  subscriptionId: string;
  firstName: string;
  lastName: string;
  email: string;
  reason: string;
}

export type CancellationFormField = keyof CancellationFormValues;

export const EMPTY_CANCELLATION_VALUES: CancellationFormValues = {
  cancellationType: '',
  customerNumber: '',
  subscriptionId: '',
  firstName: '',
  lastName: '',
  email: '',
  reason: '',
};

/** The fields in the order they are shown (and listed in the error summary and the confirmation). */
export const CANCELLATION_FIELD_ORDER: readonly CancellationFormField[] = CONFIRMATION_DETAIL_FIELDS;

export const cancellationFieldId = (field: CancellationFormField | CancellationField) => `cancellation-${field}`;

/** What the domain's schema checks: the form's values with the site; no type chosen is none. */
export const cancellationInput = (site: SiteCode, values: CancellationFormValues) => ({
  site,
  ...values,
  cancellationType: values.cancellationType === '' ? undefined : values.cancellationType,
});

const MAX: Partial<Record<CancellationFormField, number>> = {
  customerNumber: REFERENCE_MAX_LENGTH,
  subscriptionId: REFERENCE_MAX_LENGTH,
  firstName: NAME_MAX_LENGTH,
  lastName: NAME_MAX_LENGTH,
  email: EMAIL_MAX_LENGTH,
  reason: REASON_MAX_LENGTH,
};

/** The `{{max}}` of a field's too-long message. */
export const maxParams = (field: CancellationFormField): Record<string, number> =>
  MAX[field] === undefined ? {} : { max: MAX[field] };
