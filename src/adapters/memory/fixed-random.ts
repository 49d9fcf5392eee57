import type { IdGenerator, Random } from '../../ports/random';

/** A Random that returns the given numbers in turn, starting over after the last (tests, benchmark). */
export class SequenceRandom implements Random {
  private index = 0;

  constructor(private readonly values: readonly number[] = [0.5]) {
    if (values.length === 0) throw new Error('SequenceRandom needs at least one value.');
  }

  next(): number {
    const value = this.values[this.index % this.values.length] as number;
    this.index += 1;
    return value;
  }
}

/** Ids `prefix1`, `prefix2`, ... (tests, benchmark). */
export class CountingIdGenerator implements IdGenerator {
  private count = 0;

  constructor(private readonly prefix = 'id-') {}

  next(): string {
    this.count += 1;
    return `${this.prefix}${this.count}`;
  }
}
