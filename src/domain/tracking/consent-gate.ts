import type { ConsentGroups } from './consent-groups';
import { NO_GROUPS } from './consent-groups';
import type { ConsentDestination, ConsentRequirement } from './consent';
import { isRequirementMet } from './consent';
import type { LogSink } from './log-buffer';
import { LogLevel } from './log-buffer';
import * as Warnings from './warnings';

/** Texts of the consent gate that warnings.ts does not hold. */
const suppressedInAppContext = (destination: string) => `No ${destination} tracking in app context.`;
export const ConsentGateTexts = { suppressedInAppContext } as const;

/** Anything the gate can hold: a delivery that names its destination. */
export interface ConsentGatedDelivery {
  readonly destination: ConsentDestination;
}

interface Waiting<T> {
  readonly delivery: T;
  readonly requirement: ConsentRequirement;
}

export interface ConsentGateOptions {
  /** Receives `Warnings.consentMissing(destination)` (debug) per waiting delivery. */
  readonly log: LogSink;
  /** The groups active at install (from the consent cookie). Default: none. */
  readonly groups?: ConsentGroups;
}

/** The consent gate: whether a delivery goes now, and what a grant releases. */
export interface ConsentGate<T extends ConsentGatedDelivery> {
  /** The groups active now. */
  readonly groups: ConsentGroups;
  /**
   * Offers one delivery with what it needs (from `consentRequirementFor`): true when it may go now,
   * because the consent is there; otherwise it is held (or dropped when suppressed: app context).
   * `quiet` holds it without the debug line (a delivery no push made, such as loading a script).
   */
  admit(delivery: T, requirement: ConsentRequirement, quiet?: boolean): boolean;
  /**
   * Sets the groups now active (the complete list of a `OneTrustGroupsUpdated` entry) and returns
   * exactly the waiting deliveries that this consent allows, in their original order, each once.
   * A narrower list applies to later deliveries; what already went out stays out.
   */
  grant(groups: ConsentGroups): T[];
  /**
   * The waiting deliveries `pick` names that `requirement` (a page's, which asks less) lets go with
   * the consent now, in their original order, each once; the others keep waiting.
   */
  release(pick: (delivery: T) => boolean, requirement: ConsentRequirement): T[];
  /** Drops every waiting delivery (library reset) and returns them; the consent stays as it is. */
  reset(): T[];
  /** The deliveries waiting for consent now, in their original order. */
  held(): T[];
}

/**
 * Deliveries wait here until the consent they need is given (spec §4 Consent: "Data-layer pushes
 * without consent are wrapped to wait for consent"; "When consent is granted later ... tracking is
 * sent at that point"). Pure: it answers whether a delivery goes now, and a grant returns the
 * deliveries it releases, in their original order.
 */
export function createConsentGate<T extends ConsentGatedDelivery>({ log, groups }: ConsentGateOptions): ConsentGate<T> {
  let current = groups ?? NO_GROUPS;
  let held: Waiting<T>[] = [];
  return {
    get groups() {
      return current;
    },
    admit(delivery, requirement, quiet = false) {
      if (requirement.kind === 'suppressed') {
        if (!quiet) log(LogLevel.debug, suppressedInAppContext(delivery.destination));
        return false;
      }
      if (isRequirementMet(requirement, current)) return true;
      held.push({ delivery, requirement });
      if (!quiet) log(LogLevel.debug, Warnings.consentMissing(delivery.destination));
      return false;
    },
    grant(groups) {
      current = groups;
      const released: T[] = [];
      const still: Waiting<T>[] = [];
      for (const waiting of held) {
        if (isRequirementMet(waiting.requirement, groups)) released.push(waiting.delivery);
        else still.push(waiting);
      }
      held = still;
      return released;
    },
    release(pick, requirement) {
      if (held.length === 0 || !isRequirementMet(requirement, current)) return [];
      const released: T[] = [];
      held = held.filter((waiting) => !(pick(waiting.delivery) && released.push(waiting.delivery)));
      return released;
    },
    reset() {
      const dropped = held.map((w) => w.delivery);
      held = [];
      return dropped;
    },
    held: () => held.map((w) => w.delivery),
  };
}
