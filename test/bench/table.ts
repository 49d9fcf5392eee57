/** Prints the benchmark's rows as a plain-text table (also valid Markdown). */

export interface Row {
  readonly row: string;
  readonly figure: string;
  readonly target: string;
  /** 'yes', 'no', or '' when the row has no target. */
  readonly met: string;
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
export const thousands = (value: number): string => Math.round(value).toLocaleString('en-US');
export const verdict = (ok: boolean): string => (ok ? 'yes' : 'NO');

export function printTable(rows: readonly Row[]): void {
  const header: Row = { row: 'Row', figure: 'Figure (median)', target: 'Target', met: 'Met' };
  const all = [header, ...rows];
  const width = (key: keyof Row) => Math.max(...all.map((r) => r[key].length));
  const widths = { row: width('row'), figure: width('figure'), target: width('target'), met: width('met') };
  const line = (r: Row) => `| ${r.row.padEnd(widths.row)} | ${r.figure.padEnd(widths.figure)} | ${r.target.padEnd(widths.target)} | ${r.met.padEnd(widths.met)} |`;
  const rule = `|${'-'.repeat(widths.row + 2)}|${'-'.repeat(widths.figure + 2)}|${'-'.repeat(widths.target + 2)}|${'-'.repeat(widths.met + 2)}|`;
  console.log([line(header), rule, ...rows.map(line)].join('\n'));
}
