import { LEAD_DATA, type Infer } from './fields';
import { schemaOf } from './schema';

/** Lead data (spec §3) sent on lead pages. */
export const LeadDataSchema = schemaOf(LEAD_DATA);
export type LeadData = Infer<typeof LEAD_DATA>;
