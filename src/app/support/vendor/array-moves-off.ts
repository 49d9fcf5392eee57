/**
 * Stands in for TanStack Form's `metaHelper.js` in the support pages' build (see
 * scripts/vite-vendor-swaps.ts). Its array helpers move the field metadata of array items when a form
 * inserts, removes, swaps or moves one (`form.insertFieldValue`, ...): the support forms set their one
 * array value (the attachments) whole and never call those. What the forms do use is kept as it is:
 * the default field metadata and the array version bump TanStack makes when default values change.
 */
import { unavailable } from './unavailable';
interface FormMeta {
  getFieldMeta(field: string): Record<string, unknown> | undefined;
  setFieldMeta(field: string, meta: Record<string, unknown>): void;
}

export const defaultFieldMeta = {
  isValidating: false,
  isTouched: false,
  isBlurred: false,
  isDirty: false,
  isPristine: true,
  isValid: true,
  isDefaultValue: true,
  errors: [],
  errorMap: {},
  errorSourceMap: {},
  _arrayVersion: 0,
  _pendingValidationsCount: 0,
};


export function metaHelper(formApi: FormMeta) {
  return {
    bumpArrayVersion(field: string): void {
      const meta = formApi.getFieldMeta(field) ?? defaultFieldMeta;
      formApi.setFieldMeta(field, { ...meta, _arrayVersion: (Number(meta._arrayVersion) || 0) + 1 });
    },
    handleArrayMove: unavailable,
    handleArrayRemove: unavailable,
    handleArraySwap: unavailable,
    handleArrayInsert: unavailable,
  };
}
