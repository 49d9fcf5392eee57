import { act, screen, waitFor } from '@testing-library/react';
import { MemoryDraftStore } from '../../../src/adapters/memory/memory-draft-store';
import { SessionMirroredDraftStore } from '../../../src/adapters/browser/session-mirrored-draft-store';
import type { FormDraft } from '../../../src/ports/draft-store';
import { DE, describedErrors, fillValidGerman, pdf, renderContact } from './support';
import { heldChunk } from '../helpers/held-chunk';

// The draft's restore and autosave arrive in a chunk of their own, after the form is shown: here that
// chunk is held back (or fails) to see what a visitor sees meanwhile.
const chunk = heldChunk();

const NOTICE = 'Wir haben Ihre noch nicht gesendeten Angaben wiederhergestellt.';
const SENT = 'Ihre Frage wurde an den Kundenservice geschickt. Vielen Dank.';
const savedDraft: FormDraft = {
  values: { question: 'Meine Kaffeemaschine entkalkt nicht.', topic: 'reclaim', legalConsent: false },
  attachments: [],
};

/** Lets the held chunk load and the draft logic start. */
const releaseChunk = async () => {
  chunk.release();
  await act(async () => {
    await chunk.loaded;
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
};

beforeEach(() => {
  vi.resetModules();
  chunk.hold();
  // Registered anew for each test: a factory's module is kept once made, so each test needs its own.
  vi.doMock('../../../src/ui/screens/contact/contact-draft', chunk.factory);
});

describe('contact form: draft autosave while its chunk loads', () => {
  it('saves what the visitor typed before the draft logic had loaded', async () => {
    const drafts = new MemoryDraftStore();
    const { user } = renderContact({ drafts });
    await user.type(screen.getByLabelText(DE.question), 'Hallo');
    await releaseChunk();
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(drafts.drafts.get('contact:de')?.values['question']).toBe('Hallo'));
  });

  it('saves a file chosen before the draft logic had loaded as soon as it loads, without waiting for a pause', async () => {
    const drafts = new MemoryDraftStore();
    const { user } = renderContact({ drafts });
    await user.upload(screen.getByLabelText(DE.attachments), [pdf('rechnung.pdf', 16)]);
    await user.type(screen.getByLabelText(DE.question), 'Hallo');
    expect(drafts.saves).toEqual([]);
    await releaseChunk();
    await user.type(screen.getByLabelText(DE.question), '!');
    await waitFor(() => expect(drafts.saves.some(({ draft }) => draft.attachments.length === 1)).toBe(true), { timeout: 3000 });
    expect(drafts.saves.find(({ draft }) => draft.attachments.length === 1)!.draft.values['question']).toBe('Hallo');
  });

  it('does not restore a draft over what the visitor typed before the draft logic had loaded, but fills the empty fields', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
    const { user } = renderContact({ drafts });
    await user.type(screen.getByLabelText(DE.question), 'Neu');
    await releaseChunk();
    expect(screen.getByLabelText(DE.question)).toHaveValue('Neu');
    expect(screen.getByLabelText(DE.topic)).toHaveValue('reclaim');
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
  });

  it('after Back or Forward, replaces what the browser refilled from an older visit with the tab\'s newer draft', async () => {
    const navigation = vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'back_forward' } as unknown as PerformanceEntry]);
    try {
      const kassenbon = { name: 'kassenbon.pdf', type: 'application/pdf', lastModified: 1, bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46]) };
      const newer: FormDraft = { values: { ...savedDraft.values, firstName: '' }, attachments: [kassenbon] };
      const drafts = new MemoryDraftStore({ initial: { 'contact:de': newer } });
      const { user } = renderContact({ drafts });
      // The values the browser refilled for that older visit, in the form before the draft logic starts
      // (typed here); and a file, which browsers never refill: the visitor's own choice.
      await user.type(screen.getByLabelText(DE.question), 'Alter Text');
      await user.type(screen.getByLabelText(DE.firstName), 'Erika');
      await user.type(screen.getByLabelText(DE.lastName), 'Muster');
      await user.upload(screen.getByLabelText(DE.attachments), [pdf('rechnung.pdf', 16)]);
      await releaseChunk();
      expect(screen.getByLabelText(DE.question)).toHaveValue('Meine Kaffeemaschine entkalkt nicht.');
      expect(screen.getByLabelText(DE.topic)).toHaveValue('reclaim');
      // Emptied in the newer visit: empty again.
      expect(screen.getByLabelText(DE.firstName)).toHaveValue('');
      // A field the draft does not hold keeps its value, and so does the chosen file.
      expect(screen.getByLabelText(DE.lastName)).toHaveValue('Muster');
      expect(screen.getByRole('button', { name: 'rechnung.pdf entfernen' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'kassenbon.pdf entfernen' })).not.toBeInTheDocument();
      expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    } finally {
      navigation.mockRestore();
    }
  });

  it('after Back or Forward, does not save anew what the browser refilled when it is the draft the tab shows (another tab may have sent it)', async () => {
    const navigation = vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'back_forward' } as unknown as PerformanceEntry]);
    try {
      const drafts = new MemoryDraftStore({ initial: { 'contact:de': { values: { question: 'Schon gesendet?', topic: 'reclaim', legalConsent: false }, attachments: [] } } });
      const { user } = renderContact({ drafts });
      await user.type(screen.getByLabelText(DE.question), 'Schon gesendet?');
      await user.selectOptions(screen.getByLabelText(DE.topic), 'reclaim');
      await releaseChunk();
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 800));
      });
      expect(drafts.saves).toEqual([]);
      // Changed, it is saved as any input is.
      await user.type(screen.getByLabelText(DE.question), ' Nein.');
      await waitFor(() => expect(drafts.saves.at(-1)?.draft.values['question']).toBe('Schon gesendet? Nein.'), { timeout: 3000 });
    } finally {
      navigation.mockRestore();
    }
  });

  it('after Back or Forward, does not save the refill anew either when the draft names a file the browser does not refill', async () => {
    const navigation = vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'back_forward' } as unknown as PerformanceEntry]);
    try {
      const drafts = new MemoryDraftStore({
        initial: { 'contact:de': { values: { question: 'Schon gesendet?', topic: '', legalConsent: false }, attachments: [], missingFiles: ['beleg.pdf'] } },
      });
      const { user } = renderContact({ drafts });
      await user.type(screen.getByLabelText(DE.question), 'Schon gesendet?');
      await releaseChunk();
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 800));
      });
      expect(drafts.saves).toEqual([]);
    } finally {
      navigation.mockRestore();
    }
  });

  it('after Back or Forward, keeps the refilled values over a copy of another tab\'s draft', async () => {
    const navigation = vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'back_forward' } as unknown as PerformanceEntry]);
    try {
      const drafts = new MemoryDraftStore({ initial: { 'contact:de': { ...savedDraft, copied: true } } });
      const { user } = renderContact({ drafts });
      await user.type(screen.getByLabelText(DE.question), 'Alter Text');
      await releaseChunk();
      expect(screen.getByLabelText(DE.question)).toHaveValue('Alter Text');
      expect(screen.getByLabelText(DE.topic)).toHaveValue('reclaim');
    } finally {
      navigation.mockRestore();
    }
  });

  it('after Back or Forward to a visit before a send, empties what the browser refilled with the sent message, without a notice', async () => {
    const navigation = vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'back_forward' } as unknown as PerformanceEntry]);
    try {
      // The store knows this tab's input was sent since that visit.
      const drafts = new MemoryDraftStore({ initial: { 'contact:de': { values: {}, attachments: [], cleared: true } } });
      const { user } = renderContact({ drafts });
      // The sent message, as the browser refilled it for that visit (files are never refilled).
      await fillValidGerman(user);
      await releaseChunk();
      for (const label of [DE.question, DE.firstName, DE.lastName, DE.email]) expect(screen.getByLabelText(label)).toHaveValue('');
      expect(screen.getByLabelText(DE.topic)).toHaveValue('');
      expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    } finally {
      navigation.mockRestore();
    }
  });

  it('on a first load, leaves what the visitor typed before the draft logic started, even when the tab sent a message before', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': { values: {}, attachments: [], cleared: true } } });
    const { user } = renderContact({ drafts });
    await user.type(screen.getByLabelText(DE.question), 'Noch eine Frage');
    await releaseChunk();
    expect(screen.getByLabelText(DE.question)).toHaveValue('Noch eine Frage');
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('takes back the errors of a send pressed before the draft came back, at the fields, in the summary and in the title, once the draft fills them', async () => {
    const full: FormDraft = {
      values: { question: 'Wo bleibt meine Bestellung?', topic: 'delivery', firstName: 'Erika', lastName: 'Muster', email: 'e@x.de' },
      attachments: [],
    };
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': full } });
    const { user, submission } = renderContact({ drafts });
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await screen.findByRole('alert');
    await waitFor(() => expect(document.title).toBe('Fehler: Kontakt | Coffee & Home Kundenservice'));
    expect(describedErrors(screen.getByLabelText(DE.question))).toContain('Pflichtfeld');
    await waitFor(() => expect(document.activeElement).toHaveClass('error-summary'));

    await releaseChunk();
    expect(screen.getByLabelText(DE.question)).toHaveValue('Wo bleibt meine Bestellung?');
    for (const label of [DE.question, DE.topic, DE.firstName, DE.lastName, DE.email]) {
      await waitFor(() => expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid', 'true'));
      expect(describedErrors(screen.getByLabelText(label))).toBe('');
    }
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.title).toBe('Kontakt | Coffee & Home Kundenservice');
    expect(submission.received).toEqual([]);
    // The summary held the focus as it closed: it goes to the form's first field, not to the page.
    expect(screen.getByLabelText(DE.question)).toHaveFocus();
  });

  it('clears the draft after a successful send even before the draft logic has loaded, and saves nothing afterwards', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
    const { user } = renderContact({ drafts });
    await fillValidGerman(user);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await screen.findByText(SENT);
    expect(drafts.clears).toContain('contact:de');
    await releaseChunk();
    window.dispatchEvent(new Event('pagehide'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(drafts.saves).toEqual([]);
    expect(drafts.drafts.has('contact:de')).toBe(false);
  });

  it('works without drafts when the draft logic cannot be loaded', async () => {
    chunk.failNow();
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
    const { user, submission } = renderContact({ drafts });
    await fillValidGerman(user);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(submission.messages).toHaveLength(1);
    expect(drafts.clears).toContain('contact:de');
  });

  it('merges a draft into what was entered before the draft logic started (question and topic), restoring names, e-mail and files, then saves the merge', async () => {
    const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const full: FormDraft = {
      values: { question: 'Alte Frage', topic: 'reclaim', firstName: 'Erika', lastName: 'Muster', email: 'e@x.de', legalConsent: false },
      attachments: [{ name: 'a.png', type: 'image/png', lastModified: 1_700_000_000_000, bytes: PNG }],
    };
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': full } });
    const { user } = renderContact({ drafts });
    // What the visitor entered on a fresh load before the draft logic started (the page's early-input adoption).
    await user.type(screen.getByLabelText(DE.question), 'Wo bleibt meine Bestellung?');
    await user.selectOptions(screen.getByLabelText(DE.topic), 'delivery');
    await releaseChunk();
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    expect(screen.getByLabelText(DE.question)).toHaveValue('Wo bleibt meine Bestellung?');
    expect(screen.getByLabelText(DE.topic)).toHaveValue('delivery');
    expect(screen.getByLabelText(DE.firstName)).toHaveValue('Erika');
    expect(screen.getByLabelText(DE.lastName)).toHaveValue('Muster');
    expect(screen.getByLabelText(DE.email)).toHaveValue('e@x.de');
    expect(screen.getByRole('button', { name: 'a.png entfernen' })).toBeInTheDocument();
    await waitFor(() =>
      expect(drafts.drafts.get('contact:de')).toEqual({
        values: { question: 'Wo bleibt meine Bestellung?', topic: 'delivery', articleNumber: '', firstName: 'Erika', lastName: 'Muster', email: 'e@x.de' },
        attachments: full.attachments,
      }),
    );
  });
});

describe("contact form: another tab's draft offered as a copy", () => {
  const OTHER_TAB = 'contact:de#other';
  /** The browser's drafts: another tab left one; this tab is new. */
  const tabsDrafts = () => {
    const inner = new MemoryDraftStore({
      initial: { [OTHER_TAB]: { values: { question: 'Entwurf aus dem anderen Tab', topic: 'reclaim', legalConsent: false }, attachments: [], savedAt: Date.now() - 60_000 } },
    });
    return { inner, drafts: new SessionMirroredDraftStore(inner, { tabChannel: () => undefined, reloaded: () => false }) };
  };

  afterEach(() => sessionStorage.clear());

  it('removes the draft it was copied from when the form showed the copy and it was sent', async () => {
    const { inner, drafts } = tabsDrafts();
    const { user } = renderContact({ drafts });
    await releaseChunk();
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    expect(screen.getByLabelText(DE.question)).toHaveValue('Entwurf aus dem anderen Tab');
    await user.type(screen.getByLabelText(DE.firstName), 'Erika');
    await user.type(screen.getByLabelText(DE.lastName), 'Muster');
    await user.type(screen.getByLabelText(DE.email), 'e@x.de');
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await screen.findByText(SENT);
    await waitFor(() => expect(inner.drafts.has(OTHER_TAB)).toBe(false));
  });

  it('leaves that draft when the visitor had filled every field before the copy came (none of it shown), and sent', async () => {
    const { inner, drafts } = tabsDrafts();
    const { user } = renderContact({ drafts });
    await fillValidGerman(user);
    await releaseChunk();
    expect(screen.getByLabelText(DE.question)).toHaveValue('Lieferzeit?');
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await screen.findByText(SENT);
    // The send has cleared this tab's own draft: the other tab's is still there.
    await waitFor(() => expect(inner.clears.some((name) => name.startsWith('contact:de#') && name !== OTHER_TAB)).toBe(true));
    expect(inner.drafts.get(OTHER_TAB)?.values['question']).toBe('Entwurf aus dem anderen Tab');
  });
});
