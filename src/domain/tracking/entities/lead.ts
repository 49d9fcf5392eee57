import * as z from 'zod/mini';
import { Numeric, Text, opt } from './lenient';

/** Lead data (spec §3) sent on lead pages. */
export const LeadDataSchema = z.looseObject({
  lead_id: opt(Text),
  lead_value: opt(Numeric),
  exactag_level: opt(Text),
});
export type LeadData = z.infer<typeof LeadDataSchema>;
