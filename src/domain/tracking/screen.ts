/** Screen-size clusters (spec §9): the breakpoint a viewport width in pixels falls into. */
import { toNumber } from './mapping/clean';

export const SCREEN_CLUSTERS = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL'] as const;
export type ScreenCluster = (typeof SCREEN_CLUSTERS)[number];

/** The smallest width of each cluster above XS, widest first. */
const LOWER_BOUNDS: readonly (readonly [number, ScreenCluster])[] = [
  [1920, '5XL'],
  [1440, '4XL'],
  [1280, '3XL'],
  [1024, 'XXL'],
  [980, 'XL'],
  [768, 'L'],
  [668, 'M'],
  [375, 'S'],
];

/**
 * The cluster of a width: XS up to 374, S 375-667, M 668-767, L 768-979, XL 980-1023, XXL 1024-1279,
 * 3XL 1280-1439, 4XL 1440-1919, 5XL from 1920. A fractional width belongs to the cluster of its whole
 * pixels (374.5 is XS). Numeric strings are read as numbers; anything that is not a finite width of 0
 * or more gives `undefined`.
 */
export const screenCluster = (widthPx: unknown): ScreenCluster | undefined => {
  const width = toNumber(widthPx);
  if (width === undefined || width < 0) return undefined;
  for (const [bound, cluster] of LOWER_BOUNDS) if (width >= bound) return cluster;
  return 'XS';
};
