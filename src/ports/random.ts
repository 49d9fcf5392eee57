/** Randomness, injected so that backoff jitter and ids can be asserted exactly. */
export interface Random {
  /** A number in [0, 1). Default: `Math.random`. */
  next(): number;
}

/** Makes unique ids (event ids, session ids). Default: `crypto.randomUUID`, else random hex. */
export interface IdGenerator {
  /** A new id, never returned before by this generator. */
  next(): string;
}
