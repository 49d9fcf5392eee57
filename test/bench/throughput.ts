/**
 * The pipeline rows: events per second into the data layer, and the cost per event as the number of
 * waiting events grows (waiting for the page data, waiting for consent).
 */
import { customEvents, PAGE_DATA_ENTRIES } from './fixtures';
import { collectGarbage, measure, measurePair, now, type RoundOptions, type RoundResult, type Summary } from './measure';
import type { Subject, TrackerUnderTest } from './subjects';

/** Events handled per round in every scenario, so that small and large queues do equal work. */
export const EVENTS_PER_ROUND = 10_000;

const check = (tracker: TrackerUnderTest, expected: number, what: string): void => {
  if (tracker.failures() > 0 || tracker.entries() !== expected) {
    throw new Error(`${what}: expected ${expected} data-layer entries, saw ${tracker.entries()} (${tracker.failures()} failed pushes)`);
  }
};

/** Page data first, consent given: N custom events straight into the data layer. */
export const throughputRound =
  (subject: Subject, count: number) =>
  async (): Promise<RoundResult> => {
    const events = customEvents(count);
    const tracker = await subject.create({ consent: true });
    tracker.pushPageData();
    await tracker.settle();
    collectGarbage();
    const start = now();
    for (const event of events) tracker.pushCustom(event);
    await tracker.settle();
    const ms = now() - start;
    check(tracker, PAGE_DATA_ENTRIES + count, `${subject.name}, throughput`);
    return { ms, events: count };
  };

/**
 * `waiting` events pushed before the page data, then released by it, on EVENTS_PER_ROUND / waiting
 * fresh trackers. The page data's own cost (measured on as many trackers with nothing waiting) is
 * taken off, so what remains is the cost of holding and releasing the events.
 */
export const pageDataWaitRound =
  (subject: Subject, waiting: number) =>
  async (): Promise<RoundResult> => {
    const pages = EVENTS_PER_ROUND / waiting;
    const events = customEvents(waiting);
    const trackers = await Promise.all(Array.from({ length: pages }, () => subject.create({ consent: true })));
    const empty = await Promise.all(Array.from({ length: pages }, () => subject.create({ consent: true })));
    collectGarbage();
    const start = now();
    for (const tracker of trackers) {
      for (const event of events) tracker.pushCustom(event);
      tracker.pushPageData();
      await tracker.settle();
    }
    const middle = now();
    for (const tracker of empty) {
      tracker.pushPageData();
      await tracker.settle();
    }
    const end = now();
    for (const tracker of trackers) check(tracker, PAGE_DATA_ENTRIES + waiting, `${subject.name}, page-data wait`);
    return { ms: Math.max(0, middle - start - (end - middle)), events: EVENTS_PER_ROUND };
  };

/**
 * Page data and `waiting` events held without consent, then released by a grant (a data-layer entry),
 * on EVENTS_PER_ROUND / waiting fresh trackers. The cost of a grant that releases only the page data
 * (measured on as many trackers with no events) is taken off.
 */
export const consentWaitRound =
  (subject: Subject, waiting: number) =>
  async (): Promise<RoundResult> => {
    const pages = EVENTS_PER_ROUND / waiting;
    const events = customEvents(waiting);
    const withoutConsent = async () => {
      const tracker = await subject.create({ consent: false });
      tracker.pushPageData();
      await tracker.settle();
      return tracker;
    };
    const trackers = await Promise.all(Array.from({ length: pages }, withoutConsent));
    const empty = await Promise.all(Array.from({ length: pages }, withoutConsent));
    collectGarbage();
    const start = now();
    for (const tracker of trackers) {
      for (const event of events) tracker.pushCustom(event);
      await tracker.settle();
      if (tracker.entries() !== 0) throw new Error(`${subject.name}: sent ${tracker.entries()} entries without consent`);
      tracker.grantConsent();
      await tracker.settle();
    }
    const middle = now();
    for (const tracker of empty) {
      tracker.grantConsent();
      await tracker.settle();
    }
    const end = now();
    for (const tracker of trackers) check(tracker, PAGE_DATA_ENTRIES + waiting, `${subject.name}, consent wait`);
    return { ms: Math.max(0, middle - start - (end - middle)), events: EVENTS_PER_ROUND };
  };

export interface ScalingResult {
  readonly small: Summary;
  readonly large: Summary;
  /** Cost per event with the large queue divided by the cost with the small one. */
  readonly ratio: number;
}

export const SMALL_QUEUE = 100;
export const LARGE_QUEUE = 10_000;

export async function throughput(subject: Subject, count: number, options: RoundOptions): Promise<Summary> {
  return measure(throughputRound(subject, count), options);
}

export async function scaling(
  round: (subject: Subject, waiting: number) => () => Promise<RoundResult>,
  subject: Subject,
  options: RoundOptions,
): Promise<ScalingResult> {
  const [small, large] = await measurePair(round(subject, SMALL_QUEUE), round(subject, LARGE_QUEUE), options);
  return { small, large, ratio: large.nsPerEvent / small.nsPerEvent };
}
