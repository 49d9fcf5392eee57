/**
 * TanStack Form's FormApi reports to its devtools through `formEventClient.on(…)` and
 * `formEventClient.emit(…)` calls, whose event names and payload objects stay in the bundle even with
 * the client swapped for one that does nothing (src/app/support/vendor/devtools-event-client-off.ts).
 * This cuts each call out of the source: `.on(…)` becomes a listener removal that does nothing,
 * `.emit(…)` nothing at all. A FormApi that calls the client in any other way fails the build, so an
 * update of the package is looked at rather than shipped half cut.
 */
const CALL = /formEventClient\.(on|emit)\(/g;

/** The index just past the parenthesis that closes the one opened before `from` (no strings in the calls hold parentheses). */
const closingParen = (code: string, from: number): number => {
  let depth = 1;
  for (let index = from; index < code.length; index += 1) {
    const char = code[index];
    if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) return index + 1;
  }
  throw new Error('devtools-calls-off: a formEventClient call is not closed');
};

export function withoutDevtoolsCalls(code: string): string {
  let out = '';
  let last = 0;
  for (const match of code.matchAll(CALL)) {
    if (match.index < last) continue;
    const end = closingParen(code, match.index + match[0].length);
    out += code.slice(last, match.index) + (match[1] === 'on' ? '(() => () => undefined)()' : 'void 0');
    last = end;
  }
  out += code.slice(last);
  if (/formEventClient\b(?!\s*\}\s*from)/.test(out.replace(/import\s*\{\s*formEventClient\s*\}\s*from\s*"[^"]+";?/, ''))) {
    throw new Error('devtools-calls-off: FormApi uses formEventClient in a way this build does not cut out');
  }
  return out;
}
