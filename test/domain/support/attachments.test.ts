import fc from 'fast-check';
import {
  MIME_TYPE_OF_KIND,
  attachmentProblem,
  attachmentRefusal,
  storedAttachmentName,
  storedFileName,
  kindOfFileName,
  sniffFileType,
  type FileKind,
} from '../../../src/domain/support/attachments';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

describe('sniffFileType', () => {
  it('knows a PDF by %PDF-', () => {
    expect(sniffFileType(ascii('%PDF-1.7\n'))).toBe('pdf');
  });

  it('finds the PDF header within the first 1024 bytes, as PDF readers do (a writer may put bytes before it)', () => {
    expect(sniffFileType(ascii('\r\n%PDF-1.4\n'))).toBe('pdf');
    expect(sniffFileType(ascii(`${' '.repeat(1019)}%PDF-`))).toBe('pdf');
    expect(sniffFileType(ascii(`${' '.repeat(1020)}%PDF-`))).toBeNull();
    expect(sniffFileType(ascii('MZ\x90 %PDF'))).toBeNull();
  });

  it('refuses a document of markup naming %PDF- (an HTML or SVG page, in a comment or its title): it is no PDF', () => {
    expect(sniffFileType(ascii('<svg xmlns="http://www.w3.org/2000/svg"><!-- %PDF-1.7 --><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffFileType(ascii('<!doctype html><title>%PDF-1.4</title><script>alert(1)</script>'))).toBeNull();
    expect(sniffFileType(ascii('\uFEFF\r\n <html><!-- %PDF-1.4 -->'.replace('\uFEFF', '\xEF\xBB\xBF')))).toBeNull();
    expect(sniffFileType(ascii('\r\n%PDF-1.4\n<< /Type /Catalog >>'))).toBe('pdf');
    // A binary header before the PDF (a MacBinary wrapper) may hold the byte of '<' anywhere but first.
    expect(sniffFileType(bytes(0x00, 0x11, 0x3c, 0x9a, 0xff, 0x00, ...ascii('%PDF-1.7')))).toBe('pdf');
    fc.assert(
      fc.property(fc.stringMatching(/^[ \t\r\n]{0,20}$/), fc.string({ maxLength: 200 }), (blank, after) => {
        expect(sniffFileType(ascii(`${blank}<${after}%PDF-1.7`))).toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it('knows a PNG by its eight-byte signature', () => {
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13))).toBe('png');
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a))).toBeNull();
  });

  it('knows a JPEG (also JFIF) by FF D8 FF', () => {
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46))).toBe('jpeg');
    expect(sniffFileType(bytes(0xff, 0xd8))).toBeNull();
  });

  it('refuses a renamed executable and other content', () => {
    expect(sniffFileType(ascii('MZ\x90\x00\x03\x00'))).toBeNull();
    expect(sniffFileType(ascii('%PDF'))).toBeNull();
    expect(sniffFileType(ascii('GIF89a'))).toBeNull();
    expect(sniffFileType(new Uint8Array())).toBeNull();
  });

  it('never throws and never names a kind for bytes without a signature', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 16 }), (data) => {
        const kind = sniffFileType(data);
        if (kind === 'pdf') expect([...data.slice(0, 5)]).toEqual([...ascii('%PDF-')]);
        if (kind === 'jpeg') expect([...data.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
        if (kind === 'png') expect(data[0]).toBe(0x89);
      }),
      { numRuns: 300 },
    );
    expect(sniffFileType('not bytes' as unknown as Uint8Array)).toBeNull();
  });
});

describe('attachment rules', () => {
  it('read the kind from the extension, case-insensitively', () => {
    expect(kindOfFileName('a.PDF')).toBe('pdf');
    expect(kindOfFileName('a.jfif')).toBe('jpeg');
    expect(kindOfFileName('archive.pdf.exe')).toBeUndefined();
    expect(kindOfFileName('a.constructor')).toBeUndefined();
    expect(kindOfFileName('pdf')).toBeUndefined();
  });

  it('give a standard MIME type per kind', () => {
    expect(MIME_TYPE_OF_KIND).toEqual({ pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg' });
  });

  it('judge each file before the count: a file wrong on its own stays wrong when there is room', () => {
    const big = { name: 'x.exe', size: 10 ** 9, type: '' };
    const fine = { name: 'a.pdf', size: 10, type: 'application/pdf' };
    expect(attachmentProblem([fine, fine, fine, big])).toBe('attachments.wrongType');
    expect(attachmentProblem([fine, fine, fine, fine])).toBe('attachments.tooMany');
    expect(attachmentProblem([])).toBeUndefined();
  });

  it('report the first problem in file order', () => {
    const tooBig = { name: 'a.png', size: 5 * 1024 * 1024 + 1, type: 'image/png' };
    const wrong = { name: 'a.gif', size: 1, type: 'image/gif' };
    expect(attachmentProblem([tooBig, wrong])).toBe('attachments.tooLarge');
    expect(attachmentProblem([wrong, tooBig])).toBe('attachments.wrongType');
  });

  it('report an empty file as empty: it cannot be a pdf, png or jpg (a wrong name still says the type)', () => {
    expect(attachmentProblem([{ name: 'leer.pdf', size: 0, type: 'application/pdf' }])).toBe('attachments.empty');
    expect(attachmentProblem([{ name: 'leer.gif', size: 0, type: 'image/gif' }])).toBe('attachments.wrongType');
    expect(attachmentProblem([{ name: 'ein.pdf', size: 1, type: 'application/pdf' }])).toBeUndefined();
  });

  it('judge a name without an extension (as some Android apps hand photos over) by the type the browser reports', () => {
    expect(attachmentProblem([{ name: '1000012345', size: 10, type: 'image/jpeg' }])).toBeUndefined();
    expect(attachmentProblem([{ name: 'image', size: 10, type: 'image/png' }])).toBeUndefined();
    expect(attachmentProblem([{ name: 'Scan vom 12.03', size: 10, type: 'application/pdf' }])).toBeUndefined();
    // Without a type there is nothing to judge by, and a known other extension says the type.
    expect(attachmentProblem([{ name: '1000012345', size: 10, type: '' }])).toBe('attachments.wrongType');
    expect(attachmentProblem([{ name: '1000012345', size: 10, type: 'application/octet-stream' }])).toBe('attachments.wrongType');
    expect(attachmentProblem([{ name: 'bild.gif', size: 10, type: 'image/gif' }])).toBe('attachments.wrongType');
    expect(attachmentProblem([{ name: 'IMG_1.HEIC', size: 10, type: 'image/jpeg' }])).toBe('attachments.wrongType');
    expect(attachmentProblem([{ name: 'notes.txt', size: 10, type: 'text/plain' }])).toBe('attachments.wrongType');
  });

  it('say which file a problem is about, by its position (none for too many files)', () => {
    const fine = { name: 'a.png', size: 10, type: 'image/png' };
    const wrong = { name: 'a.gif', size: 1, type: 'image/gif' };
    expect(attachmentRefusal([fine, wrong, wrong])).toEqual({ key: 'attachments.wrongType', index: 1 });
    expect(attachmentRefusal([fine, { ...fine, size: 0 }])).toEqual({ key: 'attachments.empty', index: 1 });
    expect(attachmentRefusal([fine, fine, fine, fine])).toEqual({ key: 'attachments.tooMany' });
    expect(attachmentRefusal([fine])).toBeUndefined();
  });
});

describe('storedAttachmentName', () => {
  it("adds the content's extension to a stored name whose own extension is none of the allowed ones, so no tool saves it as another type", () => {
    expect(storedAttachmentName('Rechnung.exe.', 'pdf')).toBe('Rechnung.exe.pdf');
    expect(storedAttachmentName('Foto.Jan. ', 'jpeg')).toBe('Foto.Jan.jpg');
    expect(storedAttachmentName('Scan.PNG', 'png')).toBe('Scan.PNG');
    // A JPEG called .png is a picture all the same: its name stays.
    expect(storedAttachmentName('foto.png', 'jpeg')).toBe('foto.png');
    expect(storedAttachmentName('1000012345', 'jpeg')).toBe('1000012345');
    expect(storedAttachmentName(`${'x'.repeat(251)}.exe${'y'.repeat(20)}`, 'pdf')).toBe(`${'x'.repeat(251)}.pdf`);
  });

  it('never stores a name that ends in an extension other than the allowed ones', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.constantFrom<FileKind>('pdf', 'png', 'jpeg'), (name, kind) => {
        const stored = storedAttachmentName(name, kind);
        expect(/\.[a-z\d]{0,4}[a-z][a-z\d]{0,4}$/i.test(stored) ? kindOfFileName(stored) : kind).toBeDefined();
      }),
    );
  });
});

describe('storedFileName', () => {
  it('drops control and format characters, direction overrides among them, and keeps the joiners', () => {
    expect(storedFileName('Rechnung\u202Efdp.exe')).toBe('Rechnungfdp.exe');
    expect(storedFileName('scan\u0000\u0007\u001b.pdf')).toBe('scan.pdf');
    // Windows drops a name's final dots and spaces as it saves it: 'Rechnung.exe.' would be saved runnable.
    expect(storedFileName('Rechnung.exe. .')).toBe('Rechnung.exe');
    expect(storedFileName(' ... ')).toBe('attachment');
    expect(storedFileName('..')).toBe('attachment');
    // Windows reads what follows a ':' as a stream of the file before it.
    expect(storedFileName('Rechnung.html::$DATA')).toBe('Rechnung.html__$DATA');
    expect(storedFileName('Scan 10:30.pdf')).toBe('Scan 10_30.pdf');
    // A cut that ends in a space or dot loses them too.
    expect(storedFileName(`${'x'.repeat(250)}.exe ${'y'.repeat(20)}`)).toBe(`${'x'.repeat(250)}.exe`);
    expect(storedFileName('می\u200Cخواهم.png')).toBe('می\u200Cخواهم.png');
    expect(storedFileName(' \u200B ')).toBe('attachment');
  });

  it('cuts a name to 255 characters, keeping its extension', () => {
    const name = `${'a'.repeat(20_000)}.pdf`;
    expect(storedFileName(name)).toBe(`${'a'.repeat(251)}.pdf`);
    expect(storedFileName('b'.repeat(300))).toBe('b'.repeat(255));
    // Every accepted extension survives the cut, the five-letter ones too.
    for (const extension of ['.png', '.jpg', '.jpeg', '.jfif', '.PDF']) expect(storedFileName(`${'c'.repeat(300)}${extension}`)).toBe(`${'c'.repeat(255 - extension.length)}${extension}`);
  });

  // A file system counts a name's bytes: a tool that saves the file under its stored name must be able to.
  it('cuts a name of letters beyond ASCII to 255 UTF-8 bytes, keeping its extension', () => {
    expect(storedFileName(`${'ü'.repeat(200)}.pdf`)).toBe(`${'ü'.repeat(125)}.pdf`);
    expect(storedFileName(`${'😀'.repeat(100)}.png`)).toBe(`${'😀'.repeat(62)}.png`);
    expect(storedFileName('ő'.repeat(127))).toBe('ő'.repeat(127));
    expect(storedFileName('ő'.repeat(128))).toBe('ő'.repeat(127));
  });

  it('never cuts a letter with its marks or an emoji sequence apart', () => {
    const family = '👨‍👩‍👧‍👦'; // 25 bytes
    expect(storedFileName(`${family.repeat(12)}.pdf`)).toBe(`${family.repeat(10)}.pdf`);
    const marked = 'q\u0323\u0301'; // a letter with two marks no code point composes: 5 bytes
    expect(storedFileName(marked.repeat(60))).toBe(marked.repeat(51));
  });

  it('keeps every name within 255 UTF-8 bytes, and a name within them as it is', () => {
    const utf8 = (text: string) => new TextEncoder().encode(text).length;
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300, size: 'max' }), fc.constantFrom('', '.pdf', '.jpeg'), (base, extension) => {
        const name = `${base}${extension}`;
        const stored = storedFileName(name);
        expect(utf8(stored)).toBeLessThanOrEqual(255);
        // As given: not one of the names the rules change (control and format signs, a path, a ':', final dots and spaces).
        const asGiven = name !== '' && name === name.trim().normalize('NFC') && !/[\p{Cc}\p{Cf}/:]/u.test(name) && !/[.\s]$/u.test(name);
        if (asGiven && utf8(name) <= 255) expect(stored).toBe(name);
      }),
    );
  });
});

