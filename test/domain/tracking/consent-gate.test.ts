import fc from 'fast-check';
import { createConsentGate, ConsentGateTexts, type ConsentGate } from '../../../src/domain/tracking/consent-gate';
import { groupsFromConsentCookie, groupsFromDataLayerEntry } from '../../../src/domain/tracking/consent-groups';
import { consentRequirementFor, isRequirementMet } from '../../../src/domain/tracking/consent';
import type { ConsentDestination, ConsentRequirement } from '../../../src/domain/tracking/consent';
import { LogLevel } from '../../../src/domain/tracking/log-buffer';
import type { LogSink } from '../../../src/domain/tracking/log-buffer';

interface Delivery {
  readonly destination: ConsentDestination;
  readonly id: number;
}

const recorder = () => {
  const lines: { level: number; message: string }[] = [];
  const log: LogSink = (level, message) => lines.push({ level, message });
  return { lines, log };
};

const web = { appContext: false };
const need = (destination: ConsentDestination) => consentRequirementFor(destination, web);
/** The deliveries that go at once when one is offered: the delivery itself, or none. */
const offerTo = (gate: ConsentGate<Delivery>, delivery: Delivery, requirement: ConsentRequirement): Delivery[] =>
  gate.admit(delivery, requirement) ? [delivery] : [];
const offer = (gate: ConsentGate<Delivery>, destination: ConsentDestination, id: number) =>
  offerTo(gate, { destination, id }, need(destination));

describe('consent gate (spec §4 Consent: pushes without consent wait for consent)', () => {
  it('a delivery with its consent passes straight through', () => {
    const gate = createConsentGate<Delivery>({ log: () => {}, groups: new Set(['C0001', 'C0003']) });
    expect(offer(gate, 'dataLayer', 1)).toEqual([{ destination: 'dataLayer', id: 1 }]);
    expect(gate.reset()).toEqual([]);
  });

  it('a delivery without consent waits and logs the debug message', () => {
    const { lines, log } = recorder();
    const gate = createConsentGate<Delivery>({ log });
    expect(offer(gate, 'dataLayer', 1)).toEqual([]);
    expect(offer(gate, 'exactag', 2)).toEqual([]);
    expect(lines).toEqual([
      { level: LogLevel.debug, message: 'No consent for dataLayer yet. The push waits for consent.' },
      { level: LogLevel.debug, message: 'No consent for exactag yet. The push waits for consent.' },
    ]);
    expect(gate.reset()).toEqual([
      { destination: 'dataLayer', id: 1 },
      { destination: 'exactag', id: 2 },
    ]);
  });

  it('the first-party tracker and the app bridge never wait', () => {
    const gate = createConsentGate<Delivery>({ log: () => {} });
    expect(offer(gate, 'firstParty', 1)).toHaveLength(1);
    expect(offer(gate, 'appBridge', 2)).toHaveLength(1);
  });

  it('a later grant releases the waiting deliveries in their original order, once', () => {
    const gate = createConsentGate<Delivery>({ log: () => {}, groups: groupsFromConsentCookie('groups=C0001%3A1%2CC0003%3A0') });
    offer(gate, 'dataLayer', 1);
    offer(gate, 'exactag', 2);
    offer(gate, 'dataLayer', 3);
    const update = groupsFromDataLayerEntry({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0004,' });
    expect(gate.grant(update ?? new Set())).toEqual([
      { destination: 'dataLayer', id: 1 },
      { destination: 'exactag', id: 2 },
      { destination: 'dataLayer', id: 3 },
    ]);
    expect(gate.grant(new Set(['C0001', 'C0003', 'C0004']))).toEqual([]);
    expect(offer(gate, 'dataLayer', 4)).toEqual([{ destination: 'dataLayer', id: 4 }]);
  });

  it('a grant without the needed groups releases nothing', () => {
    const gate = createConsentGate<Delivery>({ log: () => {} });
    offer(gate, 'dataLayer', 1);
    expect(gate.grant(new Set(['C0001', 'C0002']))).toEqual([]);
    expect(gate.reset()).toEqual([{ destination: 'dataLayer', id: 1 }]);
  });

  it('a grant releases only the deliveries it allows, the rest keep waiting', () => {
    const gate = createConsentGate<Delivery>({ log: () => {} });
    const marketingOnly: ConsentRequirement = { kind: 'anyOf', groups: ['C0004'] };
    offerTo(gate, { destination: 'exactag', id: 1 }, marketingOnly);
    offer(gate, 'dataLayer', 2);
    expect(gate.grant(new Set(['C0003']))).toEqual([{ destination: 'dataLayer', id: 2 }]);
    expect(gate.grant(new Set(['C0004']))).toEqual([{ destination: 'exactag', id: 1 }]);
  });

  it('a consent-free affiliate delivery passes while other deliveries wait', () => {
    const gate = createConsentGate<Delivery>({ log: () => {} });
    offer(gate, 'exactag', 1);
    const cashbackPage = { appContext: false, siteGroup: 'Order Confirmation', cashbackPartner: 'loyalty-cashback-partner' };
    expect(offerTo(gate, { destination: 'exactag', id: 2 }, consentRequirementFor('exactag', cashbackPage))).toEqual([
      { destination: 'exactag', id: 2 },
    ]);
    expect(gate.reset()).toEqual([{ destination: 'exactag', id: 1 }]);
  });

  it('drops a delivery suppressed by app context and never releases it', () => {
    const { lines, log } = recorder();
    const gate = createConsentGate<Delivery>({ log });
    const app = { appContext: true };
    expect(offerTo(gate, { destination: 'dataLayer', id: 1 }, consentRequirementFor('dataLayer', app))).toEqual([]);
    expect(gate.grant(new Set(['C0003', 'C0004']))).toEqual([]);
    expect(lines).toEqual([{ level: LogLevel.debug, message: ConsentGateTexts.suppressedInAppContext('dataLayer') }]);
  });

  it('a narrower update makes later deliveries wait again', () => {
    const gate = createConsentGate<Delivery>({ log: () => {}, groups: new Set(['C0003']) });
    gate.grant(new Set(['C0001']));
    expect(offer(gate, 'dataLayer', 1)).toEqual([]);
    expect([...gate.groups]).toEqual(['C0001']);
  });

  it('reset drops what waits and keeps the consent', () => {
    const gate = createConsentGate<Delivery>({ log: () => {} });
    offer(gate, 'dataLayer', 1);
    expect(gate.reset()).toEqual([{ destination: 'dataLayer', id: 1 }]);
    expect(gate.grant(new Set(['C0003']))).toEqual([]);
  });
});

describe('consent gate properties', () => {
  const GROUPS = ['C0001', 'C0002', 'C0003', 'C0004'];
  const requirement: fc.Arbitrary<ConsentRequirement> = fc.oneof(
    fc.constant({ kind: 'none' as const }),
    fc.constant({ kind: 'suppressed' as const }),
    fc.subarray(GROUPS, { minLength: 1 }).map((groups) => ({ kind: 'anyOf' as const, groups })),
  );
  const op = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        type: fc.constant('offer' as const),
        destination: fc.constantFrom<ConsentDestination>('dataLayer', 'exactag', 'firstParty', 'appBridge'),
        requirement,
      }),
    },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('grant' as const), groups: fc.subarray(GROUPS) }) },
  );

  it('a grant releases each waiting delivery exactly once and in order', () => {
    fc.assert(
      fc.property(fc.subarray(GROUPS), fc.array(op, { maxLength: 60 }), (initial, ops) => {
        const gate = createConsentGate<Delivery>({ log: () => {}, groups: new Set(initial) });
        const out: number[] = [];
        const held = new Set<number>();
        ops.forEach((o, id) => {
          if (o.type === 'offer') {
            const now = offerTo(gate, { destination: o.destination, id }, o.requirement);
            if (now.length === 0 && o.requirement.kind !== 'suppressed') held.add(id);
            out.push(...now.map((d) => d.id));
          } else {
            const released = gate.grant(new Set(o.groups)).map((d) => d.id);
            expect(released).toEqual([...released].sort((a, b) => a - b));
            for (const id of released) expect(held.delete(id)).toBe(true);
            out.push(...released);
          }
        });
        expect(new Set(out).size).toBe(out.length);
        const remaining = gate.reset().map((d) => d.id);
        expect([...remaining].sort((a, b) => a - b)).toEqual([...held].sort((a, b) => a - b));
        const suppressed = ops.filter((o) => o.type === 'offer' && o.requirement.kind === 'suppressed').length;
        const offered = ops.filter((o) => o.type === 'offer').length;
        expect(out.length + remaining.length + suppressed).toBe(offered);
      }),
      { numRuns: 500 },
    );
  });

  it('nothing is released without the consent it needs', () => {
    fc.assert(
      fc.property(fc.subarray(GROUPS), fc.array(op, { maxLength: 60 }), (initial, ops) => {
        let current: ReadonlySet<string> = new Set(initial);
        const gate = createConsentGate<Delivery>({ log: () => {}, groups: current });
        const needs = new Map<number, ConsentRequirement>();
        ops.forEach((o, id) => {
          let sent: Delivery[];
          if (o.type === 'offer') {
            needs.set(id, o.requirement);
            sent = offerTo(gate, { destination: o.destination, id }, o.requirement);
          } else {
            current = new Set(o.groups);
            sent = gate.grant(current);
          }
          for (const d of sent) {
            const need = needs.get(d.id);
            expect(need?.kind).not.toBe('suppressed');
            expect(isRequirementMet(need as ConsentRequirement, current)).toBe(true);
          }
        });
      }),
      { numRuns: 500 },
    );
  });

  it('per destination, waiting deliveries go out in the order they were offered', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const gate = createConsentGate<Delivery>({ log: () => {} });
        const sent: Delivery[] = [];
        ops.forEach((o, id) => {
          if (o.type === 'offer') sent.push(...offerTo(gate, { destination: o.destination, id }, need(o.destination)));
          else sent.push(...gate.grant(new Set(o.groups)));
        });
        for (const destination of ['dataLayer', 'exactag'] as const) {
          const ids = sent.filter((d) => d.destination === destination).map((d) => d.id);
          expect(ids).toEqual([...ids].sort((a, b) => a - b));
        }
      }),
      { numRuns: 300 },
    );
  });
});
