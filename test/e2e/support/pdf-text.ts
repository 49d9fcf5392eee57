/**
 * The text lines of a PDF as jsPDF writes it (uncompressed): each `Tj` string, read through its
 * font's `ToUnicode` map when the font is embedded (glyph ids in hex), else as written.
 */
export function pdfTextLines(pdf: string): string[] {
  const objects = new Map<string, string>();
  for (const [, number, body] of pdf.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) objects.set(number as string, body as string);
  const fontObjects = new Map<string, string>();
  for (const [, name, number] of pdf.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontObjects.set(name as string, number as string);
  const unicodeMaps = new Map<string, Map<string, string>>();
  const unicodeMap = (font: string): Map<string, string> | undefined => {
    if (unicodeMaps.has(font)) return unicodeMaps.get(font);
    const cmap = /\/ToUnicode (\d+) 0 R/.exec(objects.get(fontObjects.get(font) ?? '') ?? '')?.[1];
    const map = cmap === undefined ? undefined : new Map<string, string>();
    // Only the bfchar blocks: the codespacerange's `<0000><ffff>` is no glyph.
    for (const [, block] of objects.get(cmap ?? '')?.matchAll(/beginbfchar([\s\S]*?)endbfchar/g) ?? []) {
      for (const [, glyph, units] of (block as string).matchAll(/<([0-9a-f]{4})><([0-9a-f]+)>/gi)) {
        map?.set((glyph as string).toLowerCase(), String.fromCharCode(...(units as string).match(/.{4}/g)!.map((unit) => parseInt(unit, 16))));
      }
    }
    unicodeMaps.set(font, map as Map<string, string>);
    return map;
  };
  const lines: string[] = [];
  let font = '';
  for (const [, name, hex, literal] of pdf.matchAll(/\/(F\d+) [\d.]+ Tf|<([0-9a-fA-F]*)> Tj|\(((?:\\.|[^\\)])*)\) Tj/g)) {
    if (name !== undefined) font = name;
    else if (hex !== undefined) {
      const map = unicodeMap(font);
      lines.push((hex.match(/.{4}/g) ?? []).map((glyph) => map?.get(glyph.toLowerCase()) ?? '\uFFFD').join(''));
    } else lines.push((literal as string).replace(/\\(.)/g, '$1'));
  }
  return lines;
}
