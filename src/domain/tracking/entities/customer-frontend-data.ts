import { CONVERSION_PROBABILITY, CUSTOMER, CUSTOMER_FRONTEND_DATA, CUSTOMER_TRACKING, type Infer } from './fields';
import { schemaOf } from './schema';

/** Login status values (spec §3). Any other value except logged out counts as logged in (spec §6). */
export const LOGIN_STATUSES = ['LOGGED_IN', 'REMEMBERED', 'LOGGED_OUT'] as const;
export type LoginStatus = (typeof LOGIN_STATUSES)[number];

/** Salutations the backend sends; anything else maps to "not defined". */
export const SALUTATIONS = ['MR', 'MRS', 'DIVERS'] as const;

/** Card status values; anything else maps to "not defined". */
export const CARD_STATUSES = ['REGULAR', 'GOLD', 'NO_CARD'] as const;

/** One conversion-probability block: fields x1..x14, whose meaning the spec does not show. */
export const ConversionProbabilitySchema = schemaOf(CONVERSION_PROBABILITY);
export type ConversionProbability = Infer<typeof CONVERSION_PROBABILITY>;

export const CustomerSchema = schemaOf(CUSTOMER);
export type Customer = Infer<typeof CUSTOMER>;

export const CustomerTrackingSchema = schemaOf(CUSTOMER_TRACKING);
export type CustomerTracking = Infer<typeof CUSTOMER_TRACKING>;

/** Customer frontend data fetched from the backend (spec §3, §7 call 1). tracking is null after a failed fetch. */
export const CustomerFrontendDataSchema = schemaOf(CUSTOMER_FRONTEND_DATA);
export type CustomerFrontendData = Infer<typeof CUSTOMER_FRONTEND_DATA>;
