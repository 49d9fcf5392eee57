/**
 * `JSON.stringify` that writes a list as a list whatever the page did to `Array.prototype`: Prototype.js
 * (1.6, still on old shop pages) gives arrays a `toJSON` that returns a string, and a plain stringify
 * would send every `items` list as a quoted text. The replacer sees the value as it stands in its
 * holder, before `toJSON`, and keeps a list's own value; every other `toJSON` (a date's) still applies.
 */
function keepLists(this: unknown, key: string, value: unknown): unknown {
  const original = (this as Record<string, unknown>)[key];
  return Array.isArray(original) ? original : value;
}

/** The JSON text of a value (`undefined` for a value JSON has no text for, as `JSON.stringify` gives). */
export const jsonText = (value: unknown): string => JSON.stringify(value, keepLists);
