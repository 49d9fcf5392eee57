/** Google's data-layer-helper's way of building GTM's data model, for tests that read it as tags do. */

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Google's data-layer-helper's merge: objects and lists merged key by key, index by index; anything else replaces. */
export function mergeInto(to: Record<string, unknown> | unknown[], from: Record<string, unknown> | unknown[]): void {
  const target = to as Record<string, unknown>;
  for (const [key, value] of Object.entries(from)) {
    if (Array.isArray(value)) {
      if (!Array.isArray(target[key])) target[key] = [];
      mergeInto(target[key] as unknown[], value);
    } else if (isRecord(value)) {
      if (!isRecord(target[key])) target[key] = {};
      mergeInto(target[key] as Record<string, unknown>, value);
    } else target[key] = value;
  }
}

/** The model the entries build, in order. */
export function mergedModelOf(entries: readonly Record<string, unknown>[]): Record<string, unknown> {
  const model: Record<string, unknown> = {};
  for (const entry of entries) mergeInto(model, entry);
  return model;
}

/** The empty places of the lists within a value (a tag counting a list counts them). */
export const emptyPlaces = (value: unknown): number =>
  Array.isArray(value)
    ? Array.from(value, (item) => (item === undefined ? 1 : emptyPlaces(item))).reduce((sum, n) => sum + n, 0)
    : isRecord(value)
      ? Object.values(value).reduce<number>((sum, item) => sum + emptyPlaces(item), 0)
      : 0;
