/** Punycode.js's ES module (the package ships no types; 'punycode' alone is Node's deprecated built-in). */
declare module 'punycode/punycode.es6.js' {
  /** The domain's labels in their own letters (`xn--bcher-kva.de` -> `bücher.de`); an e-mail address's part before the @ as it is. */
  export function toUnicode(input: string): string;
}
