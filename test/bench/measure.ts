/** Timing helpers of the benchmark: warm-up, several rounds, the median. Not used by any test. */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface RoundOptions {
  /** Rounds run and thrown away first, so the JIT has compiled the hot paths. */
  readonly warmup: number;
  /** Rounds whose figures are kept. */
  readonly rounds: number;
}

/** One round's figure: how long the measured part took, and how many events it handled. */
export interface RoundResult {
  readonly ms: number;
  readonly events: number;
}

/** The median of the kept rounds, as nanoseconds per event, with the spread. */
export interface Summary {
  readonly nsPerEvent: number;
  readonly minNs: number;
  readonly maxNs: number;
  readonly rounds: number;
}

export const now = (): number => performance.now();

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const summarize = (results: readonly RoundResult[]): Summary => {
  const perEvent = results.map((r) => (r.ms * 1e6) / r.events);
  return { nsPerEvent: median(perEvent), minNs: Math.min(...perEvent), maxNs: Math.max(...perEvent), rounds: results.length };
};

/** Runs `round` warm-up + rounds times and summarises the kept rounds. */
export async function measure(round: () => Promise<RoundResult>, options: RoundOptions): Promise<Summary> {
  for (let i = 0; i < options.warmup; i += 1) await round();
  const kept: RoundResult[] = [];
  for (let i = 0; i < options.rounds; i += 1) kept.push(await round());
  return summarize(kept);
}

/**
 * Measures two variants side by side: their rounds alternate (a, b, b, a, ...), so drift of a shared
 * machine (other processes, GC state, CPU frequency) falls on both alike.
 */
export async function measurePair(
  a: () => Promise<RoundResult>,
  b: () => Promise<RoundResult>,
  options: RoundOptions,
): Promise<[Summary, Summary]> {
  for (let i = 0; i < options.warmup; i += 1) {
    await a();
    await b();
  }
  const keptA: RoundResult[] = [];
  const keptB: RoundResult[] = [];
  for (let i = 0; i < options.rounds; i += 1) {
    if (i % 2 === 0) {
      keptA.push(await a());
      keptB.push(await b());
    } else {
      keptB.push(await b());
      keptA.push(await a());
    }
  }
  return [summarize(keptA), summarize(keptB)];
}

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Lets the garbage of the previous round go before the next one is timed. */
export const collectGarbage = (): void => {
  gc();
};
