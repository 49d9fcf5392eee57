/**
 * How the PDF writer gets its fonts: once per page, shared by the success page's early load and the
 * press, again after a failure, and a deploy's missing file asks for a reload.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pdfTextLines } from '../../e2e/support/pdf-text';

const FONT = readFileSync(resolve('src/adapters/browser/fonts/noto-sans-regular.ttf'));
// jsPDF's build for Node (which the tests load) writes the download to this path.
const folder = mkdtempSync(join(tmpdir(), 'pdf-fonts-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const DOCUMENT = { fileName: join(folder, 'Kuendigungsbestaetigung.pdf'), language: 'de-DE', title: 'Bestätigung', paragraphs: [], detailsTitle: 'Angaben', details: [{ label: 'Name', value: 'Łukasz' }] };

let answers: (() => Response)[] = [];
const fetched: string[] = [];

beforeEach(() => {
  vi.resetModules();
  answers = [];
  fetched.length = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(String(url));
    return (answers.shift() ?? (() => new Response(FONT, { status: 200 })))();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A fresh page's writer: the fonts are kept per module. */
const writer = async () => (await import('../../../src/adapters/browser/jspdf-confirmation')).jspdfConfirmation;

describe('the PDF writer’s fonts', () => {
  it('are fetched once, by the early load, and the presses then write the PDF with them', async () => {
    const pdf = await writer();
    pdf.prepare?.();
    await pdf.save(DOCUMENT);
    await pdf.save(DOCUMENT);
    expect(fetched.map((url) => url.replace(/.*\//, ''))).toEqual(['noto-sans-regular.ttf', 'noto-sans-bold.ttf']);
    expect(pdfTextLines(readFileSync(DOCUMENT.fileName, 'latin1'))).toContain('Łukasz');
  });

  it('are fetched again at the next press after a failure, and an answer that is no font (a captive portal) is one', async () => {
    const pdf = await writer();
    answers = [() => new Response('<html>Bitte anmelden</html>', { status: 200 }), () => new Response(FONT)];
    await expect(pdf.save(DOCUMENT)).rejects.toThrow('is no TrueType font');
    await expect(pdf.save(DOCUMENT)).resolves.toBeUndefined();
    expect(fetched).toHaveLength(4);
  });

  it('ask for a reload when a deploy took their files (404): trying again would fail alike', async () => {
    const pdf = await writer();
    const { ConfirmationPdfWriterMissing } = await import('../../../src/ports/confirmation-pdf');
    answers = [() => new Response('gone', { status: 404 })];
    await expect(pdf.save(DOCUMENT)).rejects.toBeInstanceOf(ConfirmationPdfWriterMissing);
  });

  it('leave no unhandled rejection when the early load fails', async () => {
    const pdf = await writer();
    answers = [() => new Response('', { status: 503 })];
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      pdf.prepare?.();
      await new Promise((settle) => setTimeout(settle, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
