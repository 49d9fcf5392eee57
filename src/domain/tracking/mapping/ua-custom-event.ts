/** Legacy custom event entry of the data layer: `{ event: 'event', event_category, event_action, ... }`. */
import { LogLevel, noLog, type LogSink } from '../log-buffer';
import * as Warnings from '../warnings';
import { asRecord, toText } from './clean';
import { compact } from './copy-fields';
import { toFlag, type DataLayerPayload } from './values';

export const UA_CUSTOM_EVENT = 'event';

/** `event_non_interaction` as a boolean: true for true, "true", 1 and "1"; false for anything else. */
export const toNonInteraction = (value: unknown): boolean => toFlag(value) ?? (value === 1 || value === '1');

/**
 * Maps a legacy-form custom event. Without event_category or event_action it logs the spec's warning
 * and returns `undefined`: the event is not sent.
 */
export function toUaCustomEvent(event: unknown, log: LogSink = noLog): DataLayerPayload | undefined {
  const fields = asRecord(event);
  const category = toText(fields.event_category);
  const action = toText(fields.event_action);
  if (category === undefined || action === undefined) {
    log(LogLevel.warn, Warnings.customEventCategoryActionRequired);
    return undefined;
  }
  return compact({
    event: UA_CUSTOM_EVENT,
    event_category: category,
    event_action: action,
    event_label: toText(fields.event_label),
    event_context: toText(fields.event_context),
    event_non_interaction: toNonInteraction(fields.event_non_interaction),
  });
}
