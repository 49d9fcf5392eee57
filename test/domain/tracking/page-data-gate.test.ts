import fc from 'fast-check';
import { LogLevel } from '../../../src/domain/tracking/log-buffer';
import type { LogSink } from '../../../src/domain/tracking/log-buffer';
import { KINDS_HELD_BEFORE_PAGE_DATA, PageDataGate } from '../../../src/domain/tracking/page-data-gate';

interface Ev {
  readonly kind: string;
  readonly id: number;
}
interface Page {
  readonly page: string;
  readonly is_spa?: boolean;
}

const recorder = () => {
  const lines: { level: number; message: string }[] = [];
  const log: LogSink = (level, message) => lines.push({ level, message });
  return { lines, log };
};

const queued = (kind: string) =>
  `${kind} was pushed before the initial page data. It is queued and sent after pushInitialPageData.`;

describe('page-data gate (spec §4 Queueing)', () => {
  it('holds an e-commerce event that arrives before the initial page data and warns once', () => {
    const { lines, log } = recorder();
    const gate = new PageDataGate<Ev, Page>({ log });
    expect(gate.offer({ kind: 'EcommerceEventData', id: 1 })).toEqual([]);
    expect(gate.waiting).toBe(1);
    expect(lines).toEqual([{ level: LogLevel.warn, message: queued('EcommerceEventData') }]);
  });

  it.each(['EcommerceEventData', 'CustomEventData', 'ItemListData', 'LeadData'])('holds %s before the page data', (kind) => {
    const { lines, log } = recorder();
    const gate = new PageDataGate<Ev, Page>({ log });
    expect(gate.offer({ kind, id: 1 })).toEqual([]);
    expect(lines.map((l) => l.message)).toEqual([queued(kind)]);
  });

  it('lets a product-source event through before the page data, without a warning', () => {
    const { lines, log } = recorder();
    const gate = new PageDataGate<Ev, Page>({ log });
    const event = { kind: 'ProductSourceEventData', id: 7 };
    expect(gate.offer(event)).toEqual([event]);
    expect(lines).toEqual([]);
    expect([...KINDS_HELD_BEFORE_PAGE_DATA]).not.toContain('ProductSourceEventData');
  });

  it('releases the page data first, then the held events in arrival order', () => {
    const { lines, log } = recorder();
    const gate = new PageDataGate<Ev, Page>({ log });
    const a = { kind: 'CustomEventData', id: 1 };
    const b = { kind: 'EcommerceEventData', id: 2 };
    const c = { kind: 'ItemListData', id: 3 };
    [a, b, c].forEach((e) => gate.offer(e));
    const page = { page: 'home' };
    expect(gate.openWith(page)).toEqual([page, a, b, c]);
    expect(gate.isOpen).toBe(true);
    expect(gate.waiting).toBe(0);
    expect(lines).toHaveLength(3);
  });

  it('lets events straight through after the page data, without warnings', () => {
    const { lines, log } = recorder();
    const gate = new PageDataGate<Ev, Page>({ log });
    gate.openWith({ page: 'home' });
    const event = { kind: 'EcommerceEventData', id: 1 };
    expect(gate.offer(event)).toEqual([event]);
    expect(lines).toEqual([]);
  });

  it('stays open on a single-page-app navigation and releases nothing twice', () => {
    const gate = new PageDataGate<Ev, Page>({ log: () => {} });
    const held = { kind: 'CustomEventData', id: 1 };
    gate.offer(held);
    expect(gate.openWith({ page: 'first' })).toEqual([{ page: 'first' }, held]);
    const next = { page: 'second', is_spa: true };
    expect(gate.openWith(next)).toEqual([next]);
    const after = { kind: 'ItemListData', id: 2 };
    expect(gate.offer(after)).toEqual([after]);
  });

  it('closes again on reset and drops what waits', () => {
    const { lines, log } = recorder();
    const gate = new PageDataGate<Ev, Page>({ log });
    const dropped = { kind: 'CustomEventData', id: 1 };
    gate.offer(dropped);
    expect(gate.reset()).toEqual([dropped]);
    expect(gate.isOpen).toBe(false);
    const later = { kind: 'CustomEventData', id: 2 };
    expect(gate.offer(later)).toEqual([]);
    expect(gate.openWith({ page: 'p' })).toEqual([{ page: 'p' }, later]);
    expect(lines.map((l) => l.message)).toEqual([queued('CustomEventData'), queued('CustomEventData')]);
  });

  it('reset after the page data closes the gate for the next page', () => {
    const gate = new PageDataGate<Ev, Page>({ log: () => {} });
    gate.openWith({ page: 'p' });
    expect(gate.reset()).toEqual([]);
    expect(gate.offer({ kind: 'EcommerceEventData', id: 1 })).toEqual([]);
  });

  it('holds 10,000 waiting events and releases them all in order', () => {
    const gate = new PageDataGate<Ev, Page>({ log: () => {} });
    for (let id = 0; id < 10_000; id += 1) gate.offer({ kind: 'EcommerceEventData', id });
    expect(gate.waiting).toBe(10_000);
    const [page, ...released] = gate.openWith({ page: 'p' });
    expect(page).toEqual({ page: 'p' });
    expect(released.map((e) => e.id)).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
  });

  it('accepts its own set of held kinds', () => {
    const gate = new PageDataGate<Ev, Page>({ log: () => {}, heldKinds: new Set(['ProductSourceEventData']) });
    expect(gate.offer({ kind: 'EcommerceEventData', id: 1 })).toHaveLength(1);
    expect(gate.offer({ kind: 'ProductSourceEventData', id: 2 })).toEqual([]);
  });
});

const KINDS = ['EcommerceEventData', 'CustomEventData', 'ItemListData', 'LeadData', 'ProductSourceEventData'];
type Step = { type: 'event'; kind: string } | { type: 'page' };

/** Arbitrary interleavings of events with exactly one page data somewhere (or at the very end). */
const interleaving = fc
  .tuple(fc.array(fc.constantFrom(...KINDS), { maxLength: 60 }), fc.nat())
  .map(([kinds, at]): Step[] => {
    const steps: Step[] = kinds.map((kind) => ({ type: 'event', kind }));
    steps.splice(at % (steps.length + 1), 0, { type: 'page' });
    return steps;
  });

type Out = { type: 'event'; ev: Ev } | { type: 'page' };

const run = (steps: Step[]) => {
  const { lines, log } = recorder();
  const gate = new PageDataGate<Ev, Page>({ log });
  const out: Out[] = [];
  const offered: Ev[] = [];
  let offeredBeforePage = 0;
  let pageSeen = false;
  steps.forEach((step, id) => {
    if (step.type === 'page') {
      pageSeen = true;
      const [, ...released] = gate.openWith({ page: 'p' });
      out.push({ type: 'page' }, ...released.map((ev) => ({ type: 'event' as const, ev })));
    } else {
      const ev = { kind: step.kind, id };
      offered.push(ev);
      if (!pageSeen && KINDS_HELD_BEFORE_PAGE_DATA.has(step.kind)) offeredBeforePage += 1;
      out.push(...gate.offer(ev).map((e) => ({ type: 'event' as const, ev: e })));
    }
  });
  return { out, offered, lines, offeredBeforePage };
};

describe('page-data gate properties', () => {
  it('released order equals arrival order', () => {
    fc.assert(
      fc.property(interleaving, (steps) => {
        const { out, offered } = run(steps);
        const gated = (e: Ev) => KINDS_HELD_BEFORE_PAGE_DATA.has(e.kind);
        const outIds = out.flatMap((o) => (o.type === 'event' && gated(o.ev) ? [o.ev.id] : []));
        expect(outIds).toEqual(offered.filter(gated).map((e) => e.id));
      }),
      { numRuns: 500 },
    );
  });

  it('every held event is released exactly once: no loss, no duplicate', () => {
    fc.assert(
      fc.property(interleaving, (steps) => {
        const { out, offered } = run(steps);
        const outIds = out.flatMap((o) => (o.type === 'event' ? [o.ev.id] : []));
        expect([...outIds].sort((a, b) => a - b)).toEqual(offered.map((e) => e.id));
        expect(out.filter((o) => o.type === 'page')).toHaveLength(1);
      }),
      { numRuns: 500 },
    );
  });

  it('nothing of a held kind passes the gate before the page data', () => {
    fc.assert(
      fc.property(interleaving, (steps) => {
        const { out } = run(steps);
        const page = out.findIndex((o) => o.type === 'page');
        const early = out.slice(0, page).filter((o) => o.type === 'event' && KINDS_HELD_BEFORE_PAGE_DATA.has(o.ev.kind));
        expect(early).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('logs exactly one queueing warning per event held before the page data', () => {
    fc.assert(
      fc.property(interleaving, (steps) => {
        const { lines, offeredBeforePage } = run(steps);
        expect(lines).toHaveLength(offeredBeforePage);
        expect(lines.every((l) => l.level === LogLevel.warn && l.message.endsWith('It is queued and sent after pushInitialPageData.'))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('with resets, every offered event is either delivered or dropped, exactly once', () => {
    const op = fc.oneof(
      fc.record({ type: fc.constant('event' as const), kind: fc.constantFrom(...KINDS) }),
      fc.record({ type: fc.constant('page' as const) }),
      fc.record({ type: fc.constant('reset' as const) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const gate = new PageDataGate<Ev, Page>({ log: () => {} });
        const seen: number[] = [];
        let offered = 0;
        ops.forEach((o, id) => {
          if (o.type === 'page') gate.openWith({ page: 'p' }).slice(1).forEach((e) => seen.push((e as Ev).id));
          else if (o.type === 'reset') gate.reset().forEach((e) => seen.push(e.id));
          else {
            offered += 1;
            gate.offer({ kind: o.kind, id }).forEach((e) => seen.push(e.id));
          }
        });
        gate.reset().forEach((e) => seen.push(e.id));
        expect(seen).toHaveLength(offered);
        expect(new Set(seen).size).toBe(offered);
      }),
      { numRuns: 300 },
    );
  });
});
