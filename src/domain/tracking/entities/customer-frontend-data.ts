import * as z from 'zod/mini';
import { Boolish, Numeric, Text, TextList, opt } from './lenient';

/** Login status values (spec §3). Any other value except logged out counts as logged in (spec §6). */
export const LOGIN_STATUSES = ['LOGGED_IN', 'REMEMBERED', 'LOGGED_OUT'] as const;
export type LoginStatus = (typeof LOGIN_STATUSES)[number];

/** Salutations the backend sends; anything else maps to "not defined". */
export const SALUTATIONS = ['MR', 'MRS', 'DIVERS'] as const;

/** Card status values; anything else maps to "not defined". */
export const CARD_STATUSES = ['REGULAR', 'GOLD', 'NO_CARD'] as const;

const CONVERSION_FIELDS = ['x1', 'x2', 'x3', 'x4', 'x5', 'x6', 'x7', 'x8', 'x9', 'x10', 'x11', 'x12', 'x13', 'x14'] as const;

/** One conversion-probability block: fields x1..x14, whose meaning the spec does not show. */
export const ConversionProbabilitySchema = z.looseObject(
  Object.fromEntries(CONVERSION_FIELDS.map((key) => [key, opt(Numeric)])) as Record<
    (typeof CONVERSION_FIELDS)[number],
    ReturnType<typeof opt<typeof Numeric>>
  >,
);
export type ConversionProbability = z.infer<typeof ConversionProbabilitySchema>;

export const CustomerSchema = z.looseObject({
  age: opt(Numeric),
  salutation: opt(Text),
  anonymousZip: opt(Text),
  identifiers: opt(z.looseObject({ partnerGuid: opt(Text) })),
  email: opt(z.looseObject({ base64: opt(Text), sha256: opt(Text) })),
  statuses: opt(
    z.looseObject({
      isScoutUser: opt(Boolish),
      isCommunityMember: opt(Boolish),
      isNewsletterSubscriber: opt(Boolish),
      isAppUser: opt(Boolish),
    }),
  ),
  /** REGULAR, GOLD or NO_CARD; the spec names no field, so `cardStatus` is this library's name for it. */
  cardStatus: opt(Text),
});
export type Customer = z.infer<typeof CustomerSchema>;

export const CustomerTrackingSchema = z.looseObject({
  loginStatus: opt(Text),
  customerTypes: opt(TextList),
  customerValueSegments: opt(
    z.looseObject({
      overall: opt(Text),
      coffee: opt(Text),
      cafissimo: opt(Text),
      mobil: opt(Text),
      nonfood: opt(Text),
      travel: opt(Text),
    }),
  ),
  channelCode: opt(Text),
  conversionProbability: opt(
    z.looseObject({
      assortment: opt(ConversionProbabilitySchema),
      coffee: opt(ConversionProbabilitySchema),
      cafissimo: opt(ConversionProbabilitySchema),
      mobil: opt(ConversionProbabilitySchema),
    }),
  ),
});
export type CustomerTracking = z.infer<typeof CustomerTrackingSchema>;

/** Customer frontend data fetched from the backend (spec §3, §7 call 1). tracking is null after a failed fetch. */
export const CustomerFrontendDataSchema = z.looseObject({
  customer: opt(CustomerSchema),
  tracking: opt(CustomerTrackingSchema),
});
export type CustomerFrontendData = z.infer<typeof CustomerFrontendDataSchema>;
