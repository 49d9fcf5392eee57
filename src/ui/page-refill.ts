/**
 * The contact form's fields the page's boot guard put the kept draft's text in before the app started
 * (a page that reloaded itself: src/adapters/server/boot-guard.ts, `window.supportRefilled`): the
 * visitor saw that text there, so what such a field holds when the draft logic starts is theirs, also
 * emptied. The guard answers once, for the form the app took over; none where it refilled nothing or
 * does not run (a page the browser rendered).
 */
export function refilledByPage(): ReadonlySet<string> {
  try {
    const fields: unknown = window.supportRefilled?.();
    return new Set(Array.isArray(fields) ? fields.filter((field): field is string => typeof field === 'string') : []);
  } catch {
    return new Set();
  }
}
