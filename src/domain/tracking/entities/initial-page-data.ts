import { AB_TEST, INITIAL_PAGE_DATA, type Infer } from './fields';
import { schemaOf } from './schema';

/** One A/B test the visitor takes part in. */
export const AbTestSchema = schemaOf(AB_TEST);
export type AbTest = Infer<typeof AB_TEST>;

/** The page context every other event waits for (spec §3 InitialPageData). Every field is optional. */
export const InitialPageDataSchema = schemaOf(INITIAL_PAGE_DATA);
export type InitialPageData = Infer<typeof INITIAL_PAGE_DATA>;
