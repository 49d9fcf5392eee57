/**
 * The page's inline boot guard, run as a page runs it (sloppy script, its own globals): one reload
 * per path per 10 s when the entry script fails, never on a page the visitor has entered anything
 * into, and the note instead.
 */
import { ATTACHMENT_NAME_CLASS, BOOT_GUARD_SCRIPT, BUILD_FILE, KEEP_INPUT_EVENT, KEPT_FIELDS, LOAD_FAILED_ID, RELOAD_FOCUS_KEY, TYPING_PAUSE_MS, loadFailedNote } from '../../src/adapters/server/boot-guard';
import { TYPING_PAUSE_MS as APP_TYPING_PAUSE_MS } from '../../src/app/support/chunk-failure-reload';
import { FOCUS_KEY } from '../../src/app/support/reload-focus';
import { BUILD_FILE_PATH } from '../../src/adapters/server/static-files';
import { RELOADS_KEY } from '../../src/domain/support/reload-guard';
import { TEXT_FIELDS } from '../../src/ui/screens/contact/contact-values';
import { KEEP_INPUT_EVENT as ASKED_BY_APP, keepInput } from '../../src/ui/kept-input';

interface Control {
  id?: string;
  type: string;
  tagName: string;
  files?: { name: string; lastModified: number; size: number }[];
  value?: string;
  defaultValue?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  removeAttribute?: (name: string) => void;
  selectedIndex?: number;
  options?: { defaultSelected: boolean }[];
}

/** How the server answers the guard's request for the latest-build file (at once, for the test). */
/** The server answers 200, answers an error status (a CDN's 503), is unreachable, or is silent. */
type Server = 'up' | 'error' | 'down' | 'hung';

/**
 * One page load: the script runs, then its module script fails to load. The server's answer comes in
 * the same call (a thenable); a hung server's is never given, and its time-out runs at once.
 */
function loadPage(storage: Map<string, string>, now: number, controls: Control[] = [], site?: string, search = '', server: Server = 'up', page: { supportKeepInput?: () => boolean } = {}, typedFirst: Control[] = []) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const note = { hidden: true };
  let reloads = 0;
  const asked: string[] = [];
  let timeout: (() => void) | undefined;
  const fetch = (url: string) => {
    asked.push(url);
    return {
      then: (answered: (response: { ok: boolean; status: number }) => void, failed: () => void) =>
        server === 'up' ? answered({ ok: true, status: 200 }) : server === 'error' ? answered({ ok: false, status: 503 }) : server === 'down' ? failed() : undefined,
    };
  };
  const run = new Function('addEventListener', 'location', 'sessionStorage', 'navigator', 'document', 'Date', 'fetch', 'setTimeout', 'window', BOOT_GUARD_SCRIPT);
  run(
    (type: string, fn: (event: unknown) => void) => (listeners[type] = fn),
    { pathname: '/contact', search, reload: () => (reloads += 1) },
    { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) },
    { onLine: true },
    {
      getElementById: (id: string) => (id === LOAD_FAILED_ID ? note : (controls.find((control) => control.id === id) ?? null)),
      // The form's controls; no file is listed.
      querySelectorAll: (selector: string) => (selector === `.${ATTACHMENT_NAME_CLASS}` ? [] : controls),
      querySelector: (selector: string) =>
        site !== undefined && selector === 'meta[name="support-site"]' ? { getAttribute: () => site } : null,
    },
    { now: () => now },
    fetch,
    (fn: () => void) => (timeout = fn),
    page,
  );
  // What the visitor typed while the page's script was still loading (their input events).
  for (const control of typedFirst) listeners.input?.({ target: control });
  listeners.error?.({ target: { tagName: 'LINK' } });
  listeners.error?.({ target: { tagName: 'SCRIPT', type: 'module' } });
  if (server === 'hung') timeout?.();
  lastAsked = asked;
  lastHide = () => listeners.pagehide?.({});
  lastInput = (control) => listeners.input?.({ target: control });
  return { reloads, noteShown: !note.hidden };
}

/** The window of the last page parsed by {@link parsePage}: what the guard offers the app. */
let parsedWindow: { supportRefilled?: () => string[] } = {};

/**
 * One page load whose entry script is still coming: the script runs in the head, then the page is
 * parsed (`readystatechange`, the form's controls there). Answers the control focused, if any.
 */
function parsePage(storage: Map<string, string>, now: number, controls: (Control & { focus?: () => void; setSelectionRange?: (start: number, end: number) => void })[], search = '?site=de') {
  const documentListeners: Record<string, () => void> = {};
  parsedWindow = {};
  const doc = {
    readyState: 'loading',
    activeElement: null as unknown,
    addEventListener: (type: string, fn: () => void) => (documentListeners[type] = fn),
    getElementById: (id: string) => controls.find((control) => control.id === id) ?? null,
    querySelectorAll: () => [],
    querySelector: () => null,
  };
  for (const control of controls) control.focus = () => (doc.activeElement = control);
  const run = new Function('addEventListener', 'location', 'sessionStorage', 'navigator', 'document', 'Date', 'fetch', 'setTimeout', 'window', BOOT_GUARD_SCRIPT);
  run(
    () => undefined,
    { pathname: '/contact', search, reload: () => undefined },
    { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) },
    { onLine: true },
    doc,
    { now: () => now },
    () => undefined,
    () => undefined,
    parsedWindow,
  );
  doc.readyState = 'interactive';
  documentListeners.readystatechange?.();
  return doc.activeElement;
}

/** The requests of the last page load. */
let lastAsked: string[] = [];
/** Leaves the last page loaded (its `pagehide`). */
let lastHide = (): void => undefined;
/** An input event on the last page loaded. */
let lastInput = (_control: Control): void => undefined;

describe('the boot guard', () => {
  it('reloads once when the entry script fails, then shows the note', () => {
    const storage = new Map<string, string>();
    expect(loadPage(storage, 1_000_000)).toEqual({ reloads: 1, noteShown: false });
    expect(loadPage(storage, 1_000_500)).toEqual({ reloads: 0, noteShown: true });
    expect(loadPage(storage, 1_011_000)).toEqual({ reloads: 1, noteShown: false });
  });

  it('reloads again once the clock was set back by more than 10 s since the recorded reload, as the app\'s guard does', () => {
    const storage = new Map<string, string>();
    expect(loadPage(storage, 10_000_000).reloads).toBe(1);
    expect(loadPage(storage, 10_000_000 - 5_000)).toEqual({ reloads: 0, noteShown: true });
    expect(loadPage(storage, 10_000_000 - 3_600_000).reloads).toBe(1);
  });

  it('on a page left with the note, keeps the refilled entries the visitor emptied as emptied, and nothing from an untouched form', () => {
    const mirror = 'draft-mirror:contact:de';
    const fields = () => KEPT_FIELDS.map((field): Control => ({ id: `contact-${field}`, type: 'text', tagName: 'INPUT', value: '', defaultValue: '', removeAttribute: () => undefined }));
    const storage = new Map([[mirror, JSON.stringify({ savedAt: 1, values: { question: 'Alte Frage' }, files: [] })]]);
    loadPage(storage, 1_000_000, fields());
    const controls = fields();
    expect(loadPage(storage, 1_000_500, controls).noteShown).toBe(true);
    expect(controls[0]?.value).toBe('Alte Frage');
    controls[0]!.value = '';
    lastHide();
    expect(JSON.parse(storage.get(mirror) ?? '{}').values).toMatchObject({ question: '' });

    const untouched = new Map([[RELOADS_KEY, JSON.stringify({ '/contact': 1_000_000 })]]);
    expect(loadPage(untouched, 1_000_500, fields()).noteShown).toBe(true);
    lastHide();
    expect(untouched.has(mirror)).toBe(false);
  });

  it('keeps the files the draft listed when the page shows none of them: on a note page left after typing, and before a reload', () => {
    const mirror = 'draft-mirror:contact:de';
    const listed = ['rechnung.png\n7\n42'];
    const fields = (question = '') => [
      ...KEPT_FIELDS.map((field): Control => ({ id: `contact-${field}`, type: 'text', tagName: 'INPUT', value: field === 'question' ? question : '', defaultValue: '', removeAttribute: () => undefined })),
      { id: 'contact-attachments', type: 'file', tagName: 'INPUT', files: [] } as Control,
    ];
    const storage = new Map([[mirror, JSON.stringify({ savedAt: 1, values: { question: 'Alte Frage' }, files: listed })]]);
    // A reload kept the draft; the reloaded page failed too: the note, then the visitor types and leaves.
    expect(loadPage(storage, 1_000_000, fields()).reloads).toBe(1);
    expect(JSON.parse(storage.get(mirror) ?? '{}').files).toEqual(listed);
    const controls = fields();
    expect(loadPage(storage, 1_000_500, controls).noteShown).toBe(true);
    controls[0]!.value = 'Alte Frage, ergänzt';
    lastHide();
    expect(JSON.parse(storage.get(mirror) ?? '{}')).toMatchObject({ values: { question: 'Alte Frage, ergänzt' }, files: listed });
    // A file chosen on such a page is listed beside them (the restored form asks for it again).
    const chosen = fields('Neu');
    chosen[chosen.length - 1]!.files = [{ name: 'foto.jpg', lastModified: 8, size: 9 }];
    expect(loadPage(storage, 1_020_000, chosen).reloads).toBe(1);
    expect(JSON.parse(storage.get(mirror) ?? '{}').files).toEqual([...listed, 'foto.jpg\n8\n9']);
  });

  it.each(['[]', '5', 'true', '"x"', 'null', '{broken'])('reloads at most once whatever the record holds (%s)', (stored) => {
    const storage = new Map([[RELOADS_KEY, stored]]);
    expect(loadPage(storage, 1_000_000).reloads).toBe(1);
    expect(loadPage(storage, 1_000_500)).toEqual({ reloads: 0, noteShown: true });
  });

  it('never reloads a page the visitor has typed into or ticked: the note is shown instead', () => {
    const typed: Control = { type: 'textarea', tagName: 'TEXTAREA', value: 'Meine Bestellung', defaultValue: '' };
    const ticked: Control = { type: 'checkbox', tagName: 'INPUT', checked: true, defaultChecked: false };
    const untouched: Control = { type: 'text', tagName: 'INPUT', value: '', defaultValue: '' };
    expect(loadPage(new Map(), 1_000_000, [untouched, typed])).toEqual({ reloads: 0, noteShown: true });
    expect(loadPage(new Map(), 1_000_000, [ticked])).toEqual({ reloads: 0, noteShown: true });
    expect(loadPage(new Map(), 1_000_000, [untouched]).reloads).toBe(1);
  });

  it('keeps what was typed into the contact form as its draft\'s mirror, then reloads (the form restores it)', () => {
    const storage = new Map<string, string>();
    const question: Control = { id: 'contact-question', type: 'textarea', tagName: 'TEXTAREA', value: 'Wo bleibt 4711?', defaultValue: '' };
    const email: Control = { id: 'contact-email', type: 'email', tagName: 'INPUT', value: 'erika@example.org', defaultValue: '' };
    const file: Control = { id: 'contact-attachments', type: 'file', tagName: 'INPUT', files: [{ name: 'a.png', lastModified: 7, size: 42 }] };
    expect(loadPage(storage, 1_000_000, [question, email, file], 'ch_fr')).toEqual({ reloads: 1, noteShown: false });
    expect(JSON.parse(storage.get('draft-mirror:contact:ch_fr')!)).toEqual({
      savedAt: 1_000_000,
      values: { question: 'Wo bleibt 4711?', email: 'erika@example.org' },
      files: ['a.png\n7\n42'],
    });
    // Still once per 10 s: the second failure shows the note.
    expect(loadPage(storage, 1_000_500, [question], 'ch_fr')).toEqual({ reloads: 0, noteShown: true });
  });

  it('shows the note instead when more was entered than a draft keeps (a tick of another box)', () => {
    const question: Control = { id: 'contact-question', type: 'textarea', tagName: 'TEXTAREA', value: 'Soru', defaultValue: '' };
    const other: Control = { id: 'newsletter', type: 'checkbox', tagName: 'INPUT', checked: true, defaultChecked: false };
    const ticked = new Map<string, string>();
    expect(loadPage(ticked, 1_000_000, [question, other], 'tr')).toEqual({ reloads: 0, noteShown: true });
    expect(ticked.size).toBe(0);
  });

  it('reloads a Turkish form whose legal notice is ticked, its texts kept: the restored form asks for the tick again, as after any draft', () => {
    const question: Control = { id: 'contact-question', type: 'textarea', tagName: 'TEXTAREA', value: 'Soru', defaultValue: '' };
    const consent: Control = { id: 'contact-legalConsent', type: 'checkbox', tagName: 'INPUT', checked: true, defaultChecked: false };
    const storage = new Map<string, string>();
    expect(loadPage(storage, 1_000_000, [question, consent], 'tr')).toEqual({ reloads: 1, noteShown: false });
    expect(JSON.parse(storage.get('draft-mirror:contact:tr')!)).toMatchObject({ values: { question: 'Soru' } });
  });

  it('before a reload, a field the visitor has not touched keeps the draft\'s text (the page without its script never showed it); on a note page, a refilled field keeps what the visitor made of it', () => {
    const mirror = 'draft-mirror:contact:de';
    const field = (name: string, value = ''): Control => ({ id: `contact-${name}`, type: 'text', tagName: 'INPUT', value, defaultValue: '', removeAttribute: () => undefined });
    const storage = new Map([[mirror, JSON.stringify({ savedAt: 1, values: { question: 'Wo bleibt 4711?', email: 'erika@example.org' }, files: [] })]]);
    // The visitor typed a last name into the page while its script failed: the reload keeps both.
    expect(loadPage(storage, 1_000_000, [field('question'), field('email'), field('lastName', 'Muster')]).reloads).toBe(1);
    expect(JSON.parse(storage.get(mirror) ?? '{}').values).toEqual({ question: 'Wo bleibt 4711?', email: 'erika@example.org', lastName: 'Muster' });
    // The reloaded page fails too: the note refills question and e-mail; the visitor empties the e-mail and leaves.
    const controls = [field('question'), field('email'), field('lastName')];
    expect(loadPage(storage, 1_000_500, controls).noteShown).toBe(true);
    controls[1]!.value = '';
    lastHide();
    expect(JSON.parse(storage.get(mirror) ?? '{}').values).toMatchObject({ question: 'Wo bleibt 4711?', email: '' });
  });

  it('before a reload, keeps the draft\'s topic when the page\'s select was not touched, and its text in a field typed into and emptied again (the page never showed that text)', () => {
    const mirror = 'draft-mirror:contact:de';
    const field = (name: string, value = ''): Control => ({ id: `contact-${name}`, type: 'text', tagName: 'INPUT', value, defaultValue: '', removeAttribute: () => undefined });
    const topic = (): Control => ({ id: 'contact-topic', type: 'select-one', tagName: 'SELECT', value: '', selectedIndex: 0, options: [{ defaultSelected: true }, { defaultSelected: false }], removeAttribute: () => undefined });
    const storage = new Map([[mirror, JSON.stringify({ savedAt: 1, values: { topic: 'delivery', question: 'Wo?', firstName: 'Anna' }, files: [] })]]);
    const firstName = field('firstName');
    const lastName = field('lastName', 'Muster');
    // The visitor typed a last name, and typed into the first name and emptied it again, before the script failed.
    expect(loadPage(storage, 1_000_000, [topic(), field('question'), firstName, lastName], undefined, '', 'up', {}, [firstName, lastName]).reloads).toBe(1);
    expect(JSON.parse(storage.get(mirror) ?? '{}').values).toMatchObject({ topic: 'delivery', question: 'Wo?', firstName: 'Anna', lastName: 'Muster' });
  });

  it('on the note page, a refilled field the visitor emptied stays empty; one typed into before the script failed and emptied keeps the draft\'s text, never shown there', () => {
    const mirror = 'draft-mirror:contact:de';
    const field = (name: string, value = ''): Control => ({ id: `contact-${name}`, type: 'text', tagName: 'INPUT', value, defaultValue: '', removeAttribute: () => undefined });
    const storage = new Map([
      [mirror, JSON.stringify({ savedAt: 1, values: { question: 'Wo?', firstName: 'Anna' }, files: [] })],
      [RELOADS_KEY, JSON.stringify({ '/contact': 1_000_000 })],
    ]);
    const firstName = field('firstName', 'Berta');
    const question = field('question');
    expect(loadPage(storage, 1_000_500, [question, firstName], undefined, '', 'up', {}, [firstName]).noteShown).toBe(true);
    expect(question.value).toBe('Wo?');
    firstName.value = '';
    lastInput(firstName);
    question.value = '';
    lastInput(question);
    lastHide();
    expect(JSON.parse(storage.get(mirror) ?? '{}').values).toMatchObject({ question: '', firstName: 'Anna' });
  });

  it('for the app, keeps the form as it shows it, whatever the draft held before (React keeps each value attribute equal to the value)', () => {
    const storage = new Map([['draft-mirror:contact:de', JSON.stringify({ savedAt: 1, values: { question: 'Alte Frage' }, files: [] })]]);
    const question: Control = { id: 'contact-question', type: 'textarea', tagName: 'TEXTAREA', value: 'Neue Frage', defaultValue: 'Neue Frage' };
    const page: { supportKeepInput?: () => boolean } = {};
    const run = new Function('addEventListener', 'document', 'sessionStorage', 'location', 'Date', 'window', BOOT_GUARD_SCRIPT);
    const document = { getElementById: (id: string) => (id === question.id ? question : null), querySelector: () => null, querySelectorAll: () => [] };
    run(() => {}, document, { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) }, { search: '' }, { now: () => 7 }, page);
    expect(page.supportKeepInput?.()).toBe(true);
    expect(JSON.parse(storage.get('draft-mirror:contact:de')!).values).toEqual({ question: 'Neue Frage' });
  });

  it('keeps the contact form\'s texts for the app when a chunk fails after the draft logic\'s own did: only where the form is', () => {
    const question: Control = { id: 'contact-question', type: 'textarea', tagName: 'TEXTAREA', value: 'Kérdés őű', defaultValue: '' };
    const email: Control = { id: 'contact-email', type: 'email', tagName: 'INPUT', value: 'gyozo@example.hu', defaultValue: '' };
    const storage = new Map<string, string>();
    const page: { supportKeepInput?: () => boolean } = {};
    // The page's scripts load (no failure): the guard only offers its keeping.
    const run = new Function('addEventListener', 'document', 'sessionStorage', 'location', 'Date', 'window', BOOT_GUARD_SCRIPT);
    // The files the form lists, by their names as shown (a right-to-left name isolated).
    const documentWith = (controls: Control[], listed: string[] = []) => ({
      getElementById: (id: string) => controls.find((control) => control.id === id) ?? null,
      querySelector: (selector: string) => (selector === 'meta[name="support-site"]' ? { getAttribute: () => 'hu' } : null),
      querySelectorAll: (selector: string) => (selector === `.${ATTACHMENT_NAME_CLASS}` ? listed.map((name) => ({ textContent: name })) : []),
    });
    const sessionStorage = { setItem: (k: string, v: string) => storage.set(k, v) };
    run(() => {}, documentWith([question, email]), sessionStorage, { search: '' }, { now: () => 7 }, page);
    expect(page.supportKeepInput?.()).toBe(true);
    expect(JSON.parse(storage.get('draft-mirror:contact:hu')!)).toEqual({ savedAt: 7, values: { question: 'Kérdés őű', email: 'gyozo@example.hu' }, files: [] });

    // The files it lists are kept by name (its file control is emptied after each pick): the reloaded form asks for them again.
    run(() => {}, documentWith([question, email], ['beleg.pdf', '\u2068صورة.png\u2069']), sessionStorage, { search: '' }, { now: () => 8 }, page);
    expect(page.supportKeepInput?.()).toBe(true);
    expect(JSON.parse(storage.get('draft-mirror:contact:hu')!).files).toEqual(['beleg.pdf\n', 'صورة.png\n']);

    // Two photos of one name (a phone names every photo image.jpg) are two files; a file the draft kept
    // with its bytes is not asked for again, also when its name has a direction mark the list leaves out.
    const kept = ['image.jpg\n5\n100', 'Rechnung\u200F.pdf\n6\n200'];
    const withMirror = { ...sessionStorage, getItem: () => JSON.stringify({ savedAt: 1, values: {}, files: kept }) };
    run(() => {}, documentWith([question], ['image.jpg', 'image.jpg', 'Rechnung.pdf']), withMirror, { search: '' }, { now: () => 9 }, page);
    expect(page.supportKeepInput?.()).toBe(true);
    expect(JSON.parse(storage.get('draft-mirror:contact:hu')!).files).toEqual([...kept, 'image.jpg\n']);

    // A page without the contact form (a cancellation page) keeps nothing: another tab's draft mirror stays.
    storage.clear();
    run(() => {}, documentWith([]), sessionStorage, { search: '' }, { now: () => 7 }, page);
    expect(page.supportKeepInput?.()).toBe(false);
    expect(storage.size).toBe(0);
  });

  it('on leaving the app\'s page whose draft logic does not answer (its chunk gone after a deploy), keeps what was typed for the shopper\'s own reload', () => {
    const question: Control = { id: 'contact-question', type: 'textarea', tagName: 'TEXTAREA', value: 'Wo bleibt meine Bestellung?', defaultValue: '' };
    const email: Control = { id: 'contact-email', type: 'email', tagName: 'INPUT', value: 'max@example.de', defaultValue: '', removeAttribute: () => undefined };
    const leave = (controls: Control[], answers?: () => boolean, typedInto: Control[] = []) => {
      const storage = new Map<string, string>();
      const target = new EventTarget();
      const stop = answers ? keepInput(answers, target) : () => undefined;
      const listeners: Record<string, (event: unknown) => void> = {};
      const run = new Function('addEventListener', 'document', 'sessionStorage', 'location', 'Date', 'window', 'dispatchEvent', BOOT_GUARD_SCRIPT);
      const document = {
        getElementById: (id: string) => controls.find((control) => control.id === id) ?? null,
        querySelector: () => null,
        querySelectorAll: (selector: string) => (selector === `.${ATTACHMENT_NAME_CLASS}` ? [] : controls),
      };
      const sessionStorage = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) };
      run((type: string, fn: (event: unknown) => void) => (listeners[type] = fn), document, sessionStorage, { search: '' }, { now: () => 7 }, {}, (event: Event) => target.dispatchEvent(event));
      for (const control of typedInto) listeners.input?.({ target: control });
      listeners.pagehide?.({});
      stop();
      return storage.get('draft-mirror:contact:de');
    };
    expect(JSON.parse(leave([question, email]) ?? '{}')).toEqual({ savedAt: 7, values: { question: 'Wo bleibt meine Bestellung?', email: 'max@example.de' }, files: [] });
    // Under the app each value attribute follows the value (React): what was typed is known by its input events.
    const asRendered = (control: Control): Control => ({ ...control, defaultValue: control.value });
    const [renderedQuestion, renderedEmail] = [asRendered(question), asRendered(email)];
    expect(JSON.parse(leave([renderedQuestion, renderedEmail], undefined, [renderedQuestion, renderedEmail]) ?? '{}').values).toEqual({
      question: 'Wo bleibt meine Bestellung?',
      email: 'max@example.de',
    });
    // The draft logic keeps the form itself: it answers, saving (yes) or not (a file still being read).
    expect(leave([question, email], () => true)).toBeUndefined();
    expect(leave([question, email], () => false)).toBeUndefined();
    // An untouched form, or a page without the form, replaces no draft.
    expect(leave([{ ...question, value: '' }, { ...email, value: '' }])).toBeUndefined();
    expect(leave([])).toBeUndefined();
  });

  it('for the app whose draft logic never ran, keeps the draft\'s texts in the fields the visitor left empty: typing one field replaces no other', () => {
    const storage = new Map([['draft-mirror:contact:de', JSON.stringify({ savedAt: 1, values: { question: 'Echte Frage', firstName: 'Erika', email: 'e@example.org' }, files: [] })]]);
    const field = (name: string, value = ''): Control => ({ id: `contact-${name}`, type: 'text', tagName: 'INPUT', value, defaultValue: value });
    const controls = [field('question'), field('firstName'), field('lastName', 'Muster'), field('email')];
    const page: { supportKeepInput?: () => boolean } = {};
    const listeners: Record<string, (event: unknown) => void> = {};
    const run = new Function('addEventListener', 'document', 'sessionStorage', 'location', 'Date', 'window', BOOT_GUARD_SCRIPT);
    const document = { getElementById: (id: string) => controls.find((control) => control.id === id) ?? null, querySelector: () => null, querySelectorAll: () => [] };
    run((type: string, fn: (event: unknown) => void) => (listeners[type] = fn), document, { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) }, { search: '' }, { now: () => 7 }, page);
    listeners.input?.({ target: controls[2] });
    expect(page.supportKeepInput?.()).toBe(true);
    expect(JSON.parse(storage.get('draft-mirror:contact:de')!).values).toEqual({ question: 'Echte Frage', firstName: 'Erika', lastName: 'Muster', email: 'e@example.org' });
  });

  it('fills the contact form\'s empty fields from the draft as soon as the page it reloaded is parsed, and focuses the noted field at its caret: its script may take seconds to come', () => {
    const storage = new Map<string, string>();
    const question: Control = { id: 'contact-question', type: 'textarea', tagName: 'TEXTAREA', value: 'Erster Teil.', defaultValue: '' };
    const email: Control = { id: 'contact-email', type: 'email', tagName: 'INPUT', value: 'e@example.org', defaultValue: '' };
    // The first load: typed into, its entry script failing; the question had the focus, its caret after "Erster".
    expect(loadPage(storage, 1_000_000, [question, email], 'de', '?site=de').reloads).toBe(1);
    storage.set(RELOAD_FOCUS_KEY, JSON.stringify({ address: '/contact?site=de', id: 'contact-question', start: 6, end: 6, length: 12, scrollTop: 0 }));
    // The reloaded page as the server renders it (empty), its entry script still on its way.
    let caret: number[] = [];
    const fresh = [
      { ...question, value: '', setSelectionRange: (start: number, end: number) => (caret = [start, end]) },
      { ...email, value: '' },
      { id: 'contact-firstName', type: 'text', tagName: 'INPUT', value: 'Eri', defaultValue: '' },
    ];
    const focused = parsePage(storage, 1_002_000, fresh);
    expect(fresh.map((control) => control.value)).toEqual(['Erster Teil.', 'e@example.org', 'Eri']);
    // The app's draft logic learns which, once (the form it took over): what they hold when it starts
    // is the visitor's; a form shown later in the page gets the draft as usual.
    expect(parsedWindow.supportRefilled?.()).toEqual(['question', 'email']);
    expect(parsedWindow.supportRefilled?.()).toEqual([]);
    expect(focused).toBe(fresh[0]);
    expect(caret).toEqual([6, 6]);
    // Another load of the page (no reload of its own within 10 s) is left as the server rendered it.
    const later = [{ ...question, value: '' }];
    expect(parsePage(storage, 1_020_000, later)).toBeNull();
    expect(later[0]!.value).toBe('');
  });

  it('asks the question the app\'s draft logic answers', () => {
    expect(KEEP_INPUT_EVENT).toBe(ASKED_BY_APP);
  });

  it('notes the field typed into where the reloaded app looks for it, and waits for the same pause in typing as the app', () => {
    expect(RELOAD_FOCUS_KEY).toBe(FOCUS_KEY);
    expect(TYPING_PAUSE_MS).toBe(APP_TYPING_PAUSE_MS);
  });

  it('keeps the draft under the site the app resolves: the query\'s, else the server\'s, else DE', () => {
    const question: Control = { id: 'contact-question', type: 'textarea', tagName: 'TEXTAREA', value: 'Otázka', defaultValue: '' };
    const keys = (site: string | undefined, search: string) => {
      const storage = new Map<string, string>();
      loadPage(storage, 1_000_000, [question], site, search);
      return [...storage.keys()].filter((key) => key.startsWith('draft-mirror:'));
    };
    expect(keys('de', '?utm=x&site=SK')).toEqual(['draft-mirror:contact:sk']);
    expect(keys('hu', '?site=xx')).toEqual(['draft-mirror:contact:hu']);
    expect(keys(undefined, '')).toEqual(['draft-mirror:contact:de']);
  });

  it('keeps the fields the form\'s draft keeps', () => {
    expect([...KEPT_FIELDS]).toEqual([...TEXT_FIELDS]);
  });

  it('reloads only once the server answers: unreachable, answering an error or silent for 3 s, the note shows and nothing is recorded', () => {
    const storage = new Map<string, string>();
    expect(loadPage(storage, 1_000_000, [], undefined, '', 'down')).toEqual({ reloads: 0, noteShown: true });
    expect(lastAsked).toEqual([`${BUILD_FILE_PATH}?t=1000000`]);
    expect(loadPage(storage, 1_000_500, [], undefined, '', 'hung')).toEqual({ reloads: 0, noteShown: true });
    // A CDN or proxy answering 503 or 429 for the page's files answers the same for the build file.
    expect(loadPage(storage, 1_000_700, [], undefined, '', 'error')).toEqual({ reloads: 0, noteShown: true });
    expect(storage.has(RELOADS_KEY)).toBe(false);
    // Once it answers again, the next failure reloads.
    expect(loadPage(storage, 1_001_000)).toEqual({ reloads: 1, noteShown: false });
    expect(BUILD_FILE).toBe(BUILD_FILE_PATH);
  });
});

describe('the load note', () => {
  it('carries no class or id an ad blocker’s broad cosmetic filter hides ([class*="ad-"], [id*="ad-"]: "load-failed" held it)', () => {
    const note = loadFailedNote('Ein Teil der Seite konnte nicht geladen werden.');
    expect(note).toContain(`id="${LOAD_FAILED_ID}"`);
    expect(note).not.toMatch(/class="[^"]*ad-/);
    expect(note).not.toMatch(/id="[^"]*ad-/);
  });
});
