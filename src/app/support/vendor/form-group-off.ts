/**
 * Stands in for TanStack Form's form groups in the support pages' build (see
 * scripts/vite-vendor-swaps.ts). `useForm` attaches a `FormGroup` component to every form, which
 * keeps the whole group machinery in the bundle; the support forms use no groups.
 */
import { unavailable } from './unavailable';

export const FormGroup = unavailable;
export const useFormGroup = unavailable;
