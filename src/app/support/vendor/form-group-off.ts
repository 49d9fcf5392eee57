/**
 * Stands in for TanStack Form's form groups in the support pages' build (see
 * scripts/vite-vendor-swaps.ts). `useForm` attaches a `FormGroup` component to every form, which
 * keeps the whole group machinery in the bundle; the support forms use no groups.
 */
const unavailable = (): never => {
  throw new Error('Form groups are not part of the support pages build (scripts/vite-vendor-swaps.ts).');
};

export const FormGroup = unavailable;
export const useFormGroup = unavailable;
