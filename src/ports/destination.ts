/** The places tracking goes: the four destinations, and the affiliate provider's touch point. */
export type DestinationName = 'dataLayer' | 'exactag' | 'exactagTouchPoint' | 'firstParty' | 'appBridge';

/**
 * One destination of the pipeline. The domain decides what each destination receives; the adapter
 * only delivers it. A failing destination rejects its own `track` and never stops the others.
 */
export interface Destination<Payload = unknown> {
  /** Which destination this is (in logs and in the pipeline's deliveries); fixed per adapter. */
  readonly name: DestinationName;
  /** False while the destination cannot take events yet (a script still loading); it then queues. */
  isReady(): boolean;
  /**
   * Delivers one payload; resolves when delivered (or handed to a durable outbox). The empty payload
   * (`PREPARE`) only gets the destination ready, e.g. loads its script. `push`: the push the payload
   * belongs to (its ticket; default: none), for a destination that tells pushes apart. `stillAllowed`:
   * asked by a destination that waits before delivering (a script loading) whether the consent is
   * still given; when it is not, the delivery is held for the next grant and this one delivers nothing.
   */
  track(payload: Payload, push?: number, stillAllowed?: () => boolean): Promise<void>;
}
