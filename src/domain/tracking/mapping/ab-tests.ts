/** The A/B tests of InitialPageData (spec §3: "ab_tests (name and group)"), in both data-layer forms. */
import { asArray, asRecord, joinPipe, toText } from './clean';

/** One running test and the group the visitor is in. */
export interface AbTest {
  readonly name: string;
  readonly group?: string;
}

/** Reads `ab_tests` given as a list of `{ name, group }` or as one such object; entries without a name are dropped. */
export function readAbTests(abTests: unknown): AbTest[] {
  const entries = Array.isArray(abTests) ? asArray(abTests) : abTests === undefined || abTests === null ? [] : [abTests];
  const tests: AbTest[] = [];
  for (const entry of entries) {
    const fields = asRecord(entry);
    const name = toText(fields.name);
    if (name === undefined) continue;
    const group = toText(fields.group);
    tests.push(group === undefined ? { name } : { name, group });
  }
  return tests;
}

/** GA4 form: one flat parameter, `name:group` pairs pipe-joined and cut to 100 characters; `undefined` when none. */
export function flattenAbTests(abTests: unknown): string | undefined {
  const flat = joinPipe(readAbTests(abTests).map((t) => (t.group === undefined ? t.name : `${t.name}:${t.group}`)));
  return flat === '' ? undefined : flat;
}
