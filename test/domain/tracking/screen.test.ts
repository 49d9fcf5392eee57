import fc from 'fast-check';
import { SCREEN_CLUSTERS, screenCluster } from '../../../src/domain/tracking/screen';

// Spec §9 table: cluster, first width, last width.
const TABLE: readonly [string, number, number][] = [
  ['XS', 0, 374],
  ['S', 375, 667],
  ['M', 668, 767],
  ['L', 768, 979],
  ['XL', 980, 1023],
  ['XXL', 1024, 1279],
  ['3XL', 1280, 1439],
  ['4XL', 1440, 1919],
  ['5XL', 1920, 100_000],
];

describe('screen-size clusters (spec §9)', () => {
  it.each(TABLE)('%s runs from %i to %i pixels', (cluster, first, last) => {
    expect(screenCluster(first)).toBe(cluster);
    expect(screenCluster(last)).toBe(cluster);
  });

  it('changes cluster exactly at every boundary of the table', () => {
    const pairs = [
      [374, 'XS', 375, 'S'],
      [667, 'S', 668, 'M'],
      [767, 'M', 768, 'L'],
      [979, 'L', 980, 'XL'],
      [1023, 'XL', 1024, 'XXL'],
      [1279, 'XXL', 1280, '3XL'],
      [1439, '3XL', 1440, '4XL'],
      [1919, '4XL', 1920, '5XL'],
    ] as const;
    for (const [below, lower, at, upper] of pairs) {
      expect(screenCluster(below)).toBe(lower);
      expect(screenCluster(at)).toBe(upper);
    }
  });

  it('puts a fractional width in the cluster of its whole pixels and reads numeric strings', () => {
    expect(screenCluster(374.5)).toBe('XS');
    expect(screenCluster('1920')).toBe('5XL');
  });

  it('gives undefined for widths that are not a finite number of 0 or more', () => {
    for (const input of [-1, Number.NaN, Number.POSITIVE_INFINITY, 'wide', '', null, undefined, {}, []]) {
      expect(screenCluster(input)).toBeUndefined();
    }
  });

  it('is monotonic in width: a wider screen never gets a smaller cluster', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10_000, noNaN: true }), fc.double({ min: 0, max: 10_000, noNaN: true }), (a, b) => {
        const [narrow, wide] = a <= b ? [a, b] : [b, a];
        const rank = (w: number) => SCREEN_CLUSTERS.indexOf(screenCluster(w) ?? 'XS');
        expect(rank(narrow)).toBeLessThanOrEqual(rank(wide));
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws and answers a cluster or undefined, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const cluster = screenCluster(input);
        expect(cluster === undefined || SCREEN_CLUSTERS.includes(cluster)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
