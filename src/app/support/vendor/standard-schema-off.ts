/**
 * Stands in for TanStack Form's Standard Schema validators in the support pages' build (see
 * scripts/vite-vendor-swaps.ts). The support forms' validators are functions (the domain's rules, loaded
 * after the first render), never schema objects, so the adapter that runs a schema is never called.
 */
import { unavailable } from './unavailable';

/** No validator of the support forms is a schema: TanStack Form calls each as a function. */
export const isStandardSchemaValidator = (_validator: unknown): boolean => false;

export const standardSchemaValidators = { validate: unavailable, validateAsync: unavailable };
