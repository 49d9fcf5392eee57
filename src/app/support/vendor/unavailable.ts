/**
 * What a swapped-out part of a vendor package does when it is called after all: it fails loudly (its
 * stack names the part). The support forms never call them (see scripts/vite-vendor-swaps.ts).
 */
export const unavailable = (): never => {
  throw new Error('Not in the support pages build');
};
