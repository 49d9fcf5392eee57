import fc from 'fast-check';
import type { LogLevel } from '../../../../src/domain/tracking/log-buffer';
import { toUaCustomEvent } from '../../../../src/domain/tracking/mapping/ua-custom-event';
import { hasEmptyString, inputOf, oddAnything } from './mapping-arbitraries';

const KEYS = ['event_category', 'event_action', 'event_label', 'event_context', 'event_non_interaction'];
const REQUIRED =
  'To push a custom event the parameters event_category and event_action are required. At least on of them is absent.';

describe("legacy custom event { event: 'event', event_category, event_action, ... }", () => {
  it('maps the legacy form with event_non_interaction as a boolean', () => {
    expect(
      toUaCustomEvent({
        event_category: 'navigation',
        event_action: 'click',
        event_label: 'main menu',
        event_context: '',
        event_non_interaction: 'true',
      }),
    ).toEqual({
      event: 'event',
      event_category: 'navigation',
      event_action: 'click',
      event_label: 'main menu',
      event_non_interaction: true,
    });
  });

  it('reads event_non_interaction: true, "true", 1 and "1" are true; anything else false', () => {
    const nonInteraction = (value: unknown) =>
      toUaCustomEvent({ event_category: 'c', event_action: 'a', event_non_interaction: value })?.event_non_interaction;
    expect([true, 'true', 'TRUE', 1, '1'].map(nonInteraction)).toEqual([true, true, true, true, true]);
    expect([false, 'false', 0, undefined, 'yes', ''].map(nonInteraction)).toEqual([false, false, false, false, false, false]);
  });

  it('logs the spec warning and sends nothing without event_category or event_action', () => {
    const logged: [LogLevel, string][] = [];
    const log = (level: LogLevel, message: string) => void logged.push([level, message]);
    expect(toUaCustomEvent({ event_category: 'navigation', event_action: '' }, log)).toBeUndefined();
    expect(toUaCustomEvent({ event_action: 'click' }, log)).toBeUndefined();
    expect(logged).toEqual([
      [5, REQUIRED],
      [5, REQUIRED],
    ]);
  });

  it('never throws on arbitrary input (fc.anything and fc.object)', () => {
    fc.assert(fc.property(fc.oneof(oddAnything, fc.object()), (input) => void toUaCustomEvent(input)), { numRuns: 400 });
  });

  it('never contains an empty string at any depth, and event_non_interaction is always a boolean', () => {
    fc.assert(
      fc.property(inputOf(KEYS), (input) => {
        const out = toUaCustomEvent(input);
        expect(hasEmptyString(out)).toBe(false);
        if (out !== undefined) expect(typeof out.event_non_interaction).toBe('boolean');
      }),
      { numRuns: 400 },
    );
  });
});
