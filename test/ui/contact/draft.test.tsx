import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { MemoryContactSubmission } from '../../../src/adapters/memory/memory-contact-submission';
import { MemoryDraftStore } from '../../../src/adapters/memory/memory-draft-store';
import { SessionMirroredDraftStore, type TabChannel } from '../../../src/adapters/browser/session-mirrored-draft-store';
import type { FormDraft } from '../../../src/ports/draft-store';
import { DRAFT_SAVE_DELAY_MS } from '../../../src/ui/screens/contact/contact-draft';
import { lazyDraftStore } from '../../../src/app/support/lazy-draft-store';
import { DE, fillValidGerman, pdf, png, renderContact } from './support';

const NOTICE = 'Wir haben Ihre noch nicht gesendeten Angaben wiederhergestellt.';
const PDF_BYTES = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);

/** The page shown again from the back/forward cache, and what its check of the tab's draft did. */
async function backFromCache(): Promise<void> {
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  await new Promise((resolve) => setTimeout(resolve, 50));
}

/** A question typed and a photo picked whose bytes are never read (a cloud folder's file still loading). */
async function pickUnreadPhoto(user: UserEvent, question: string, name: string): Promise<void> {
  await user.type(screen.getByLabelText(DE.question), question);
  const slow = png(name);
  slow.arrayBuffer = () => new Promise(() => {});
  await user.upload(screen.getByLabelText(DE.attachments), [slow]);
  await screen.findByRole('button', { name: `${name} entfernen` });
}

const savedDraft: FormDraft = {
  values: {
    question: 'Meine Kaffeemaschine entkalkt nicht.',
    topic: 'reclaim',
    articleNumber: '401234567',
    firstName: 'Erika',
    lastName: 'Mustermann',
    email: 'erika@example.org',
    legalConsent: false,
  },
  attachments: [{ name: 'kassenbon.pdf', type: 'application/pdf', lastModified: 1_700_000_000_000, bytes: PDF_BYTES }],
};

describe('contact form: draft autosave', () => {
  it('restores a saved draft after a reload, files included, with a short notice', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
    renderContact({ drafts });
    // The live region says what happened, and only that: its button is beside it, not read as part of it.
    expect((await screen.findByText(NOTICE)).closest('[role="status"]')).toHaveTextContent(new RegExp(`^${NOTICE}$`));
    expect(screen.getByRole('button', { name: 'Angaben löschen' }).closest('[role="status"]')).toBeNull();
    expect(screen.getByLabelText(DE.question)).toHaveValue('Meine Kaffeemaschine entkalkt nicht.');
    expect(screen.getByLabelText(DE.topic)).toHaveValue('reclaim');
    expect(screen.getByLabelText(DE.articleNumber)).toHaveValue('401234567');
    expect(screen.getByLabelText(DE.email)).toHaveValue('erika@example.org');
    expect(screen.getByRole('button', { name: 'kassenbon.pdf entfernen' })).toBeInTheDocument();
  });

  it("brings back the texts of another tab's or an earlier visit's draft but not its files (a shared computer): the next person never sends them", async () => {
    const channel: TabChannel = { onmessage: null, postMessage: () => undefined, close: () => undefined };
    const inner = new MemoryDraftStore({ initial: { 'contact:de#other': { ...savedDraft, savedAt: Date.now() - 60_000 } } });
    const drafts = new SessionMirroredDraftStore(inner, { tabChannel: () => channel, reloaded: () => false });
    try {
      const { user, submission } = renderContact({ drafts });
      // Named as not restored, so the person who picked it adds it again.
      expect(
        await screen.findByText(`${NOTICE} Den folgenden Anhang konnten wir nicht wiederherstellen, bitte fügen Sie ihn erneut hinzu: kassenbon.pdf.`),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'kassenbon.pdf entfernen' })).not.toBeInTheDocument();
      // The next person writes their own message over every text and sends it: without the first person's file.
      for (const [label, text] of [[DE.question, 'Wo bleibt meine Bestellung?'], [DE.firstName, 'Bartosz'], [DE.lastName, 'Nowak'], [DE.email, 'bartosz@example.org']] as const) {
        await user.clear(screen.getByLabelText(label));
        await user.type(screen.getByLabelText(label), text);
      }
      await user.click(screen.getByRole('button', { name: DE.submit }));
      await waitFor(() => expect(submission.messages).toHaveLength(1));
      expect(submission.messages[0]!.attachments).toEqual([]);
    } finally {
      sessionStorage.clear();
    }
  });

  it("keeps naming a copy's files not restored after the copy is edited and the page reloaded; adding one of two alike-named files leaves the other named", async () => {
    const channel: TabChannel = { onmessage: null, postMessage: () => undefined, close: () => undefined };
    const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const photos = [1, 2].map((day) => ({ name: 'image.png', type: 'image/png', lastModified: 1_700_000_000_000 + day, bytes: PNG }));
    const inner = new MemoryDraftStore({ initial: { 'contact:de#other': { ...savedDraft, attachments: photos, savedAt: Date.now() - 60_000 } } });
    const drafts = new SessionMirroredDraftStore(inner, { tabChannel: () => channel, reloaded: () => false });
    const both = `${NOTICE} Folgende Anhänge konnten wir nicht wiederherstellen, bitte fügen Sie sie erneut hinzu: image.png, image.png.`;
    const one = `${NOTICE} Den folgenden Anhang konnten wir nicht wiederherstellen, bitte fügen Sie ihn erneut hinzu: image.png.`;
    try {
      const first = renderContact({ drafts });
      await screen.findByText(both);
      await first.user.type(screen.getByLabelText(DE.question), ' Mit Fotos.');
      await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 200));
      first.unmount();
      // The reload: the tab's own draft now, which still asks for both photos.
      const second = renderContact({ drafts });
      await screen.findByText(both);
      expect(screen.getByLabelText(DE.question)).toHaveValue('Meine Kaffeemaschine entkalkt nicht. Mit Fotos.');
      await second.user.upload(screen.getByLabelText(DE.attachments), [png('image.png')]);
      expect(await screen.findByText(one)).toBeInTheDocument();
    } finally {
      sessionStorage.clear();
    }
  });

  it("shows nothing of a copy that holds files only: no stranger's file named to every next visitor", async () => {
    const channel: TabChannel = { onmessage: null, postMessage: () => undefined, close: () => undefined };
    const inner = new MemoryDraftStore({ initial: { 'contact:de#other': { values: {}, attachments: savedDraft.attachments, savedAt: Date.now() - 60_000 } } });
    const drafts = new SessionMirroredDraftStore(inner, { tabChannel: () => channel, reloaded: () => false });
    try {
      renderContact({ drafts });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.queryByText(/kassenbon/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Angaben löschen' })).not.toBeInTheDocument();
    } finally {
      sessionStorage.clear();
    }
  });

  it("forgets a copy of another tab's draft with its file everywhere, without telling that tab to keep it aside", async () => {
    const posted: unknown[] = [];
    const channel: TabChannel = { onmessage: null, postMessage: (message) => posted.push(message), close: () => undefined };
    const inner = new MemoryDraftStore({ initial: { 'contact:de#other': { ...savedDraft, savedAt: Date.now() - 60_000 } } });
    const drafts = new SessionMirroredDraftStore(inner, { tabChannel: () => channel, reloaded: () => false });
    try {
      const { user } = renderContact({ drafts });
      expect(await screen.findByText(/kassenbon\.pdf\.$/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Angaben löschen' }));
      await screen.findByText('Ihre Angaben wurden gelöscht.');
      await waitFor(() => expect(inner.drafts.size).toBe(0));
      expect(posted.filter((message) => (message as { dropped?: unknown }).dropped !== undefined)).toEqual([]);
    } finally {
      sessionStorage.clear();
    }
  });

  it("keeps the other tab's unsent message when the copy shown here is written over with a new question and sent, or emptied to start anew", async () => {
    for (const how of ['new question sent', 'emptied'] as const) {
      const channel: TabChannel = { onmessage: null, postMessage: () => undefined, close: () => undefined };
      const inner = new MemoryDraftStore({ initial: { 'contact:de#other': { ...savedDraft, savedAt: Date.now() - 60_000 } } });
      // As the app composes it: the store behind its lazily loaded wrapper.
      const drafts = lazyDraftStore(async () => new SessionMirroredDraftStore(inner, { tabChannel: () => channel, reloaded: () => false }), () => undefined);
      try {
        const { user, unmount } = renderContact({ drafts });
        // The notice also names the copy's file, not restored here.
        await screen.findByText(new RegExp(`^${NOTICE}`));
        const question = screen.getByLabelText(DE.question);
        await user.clear(question);
        if (how === 'new question sent') {
          await user.type(question, 'Wann kommt meine neue Bestellung 4711?');
          await user.selectOptions(screen.getByLabelText(DE.topic), 'delivery');
          await user.click(screen.getByRole('button', { name: DE.submit }));
          await screen.findByText('Ihre Frage wurde an den Kundenservice geschickt. Vielen Dank.');
        } else {
          for (const label of [DE.articleNumber, DE.firstName, DE.lastName, DE.email]) await user.clear(screen.getByLabelText(label));
          await user.selectOptions(screen.getByLabelText(DE.topic), '');
          await waitFor(() => expect([...inner.drafts.keys()].some((name) => name !== 'contact:de#other' && inner.drafts.get(name)?.values['question'])).toBe(false));
        }
        // The emptied form is saved (its draft cleared) once typing pauses, before the page goes.
        await new Promise((resolve) => setTimeout(resolve, how === 'emptied' ? DRAFT_SAVE_DELAY_MS + 200 : 50));
        expect(inner.drafts.get('contact:de#other')?.values['question'], how).toBe('Meine Kaffeemaschine entkalkt nicht.');
        unmount();
      } finally {
        sessionStorage.clear();
      }
    }
  });

  it("removes the other tab's draft once its copy, edited, is sent from here: it is that message", async () => {
    const channel: TabChannel = { onmessage: null, postMessage: () => undefined, close: () => undefined };
    const inner = new MemoryDraftStore({ initial: { 'contact:de#other': { ...savedDraft, savedAt: Date.now() - 60_000 } } });
    // As the app composes it: the store behind its lazily loaded wrapper.
      const drafts = lazyDraftStore(async () => new SessionMirroredDraftStore(inner, { tabChannel: () => channel, reloaded: () => false }), () => undefined);
    try {
      const { user } = renderContact({ drafts });
      await screen.findByText(new RegExp(`^${NOTICE}`));
      await user.type(screen.getByLabelText(DE.question), ' Sie piept nur noch.');
      await user.click(screen.getByRole('button', { name: DE.submit }));
      await screen.findByText('Ihre Frage wurde an den Kundenservice geschickt. Vielen Dank.');
      await waitFor(() => expect(inner.drafts.has('contact:de#other')).toBe(false));
    } finally {
      sessionStorage.clear();
    }
  });

  it('lets the shopper clear a restored draft (a shared computer): the form empties, the draft goes, the focus moves to the first field', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
    const { user, unmount } = renderContact({ drafts });
    expect((await screen.findByText(NOTICE)).closest('[role="status"]')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Angaben löschen' }));
    expect(await screen.findByText('Ihre Angaben wurden gelöscht.')).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText(DE.question)).toHaveValue('');
    expect(screen.getByLabelText(DE.email)).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'kassenbon.pdf entfernen' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(DE.question)).toHaveFocus();
    // Nothing is flagged as missing in the emptied form.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(drafts.drafts.has('contact:de')).toBe(false);
    // The next visit of the form finds nothing.
    unmount();
    renderContact({ drafts });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    expect(screen.getByLabelText(DE.question)).toHaveValue('');
  });

  it('empties the form also when the clear button is pressed while the focus stays in a field (voice control, a screen reader\'s browse mode)', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
    renderContact({ drafts });
    await screen.findByText(NOTICE);
    act(() => screen.getByLabelText(DE.firstName).focus());
    fireEvent.click(screen.getByRole('button', { name: 'Angaben löschen' }));
    expect(await screen.findByText('Ihre Angaben wurden gelöscht.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.getByLabelText(DE.question)).toHaveFocus());
    for (const label of [DE.question, DE.topic, DE.firstName, DE.lastName, DE.email]) expect(screen.getByLabelText(label)).toHaveValue('');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(drafts.drafts.has('contact:de')).toBe(false);
    // As first shown: the field left by the focus move shows no error.
    expect(screen.queryByText(/Pflichtfeld/)).not.toBeInTheDocument();
  });

  it('shows no error on the emptied form when the clear button is clicked from a field', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
    const { user } = renderContact({ drafts });
    await screen.findByText(NOTICE);
    await user.click(screen.getByLabelText(DE.firstName));
    await user.click(screen.getByRole('button', { name: 'Angaben löschen' }));
    expect(await screen.findByText('Ihre Angaben wurden gelöscht.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText(DE.firstName)).toHaveValue('');
    expect(screen.queryByText(/Pflichtfeld/)).not.toBeInTheDocument();
  });

  it('says a send failed also for the draft a page back from the back/forward cache took over, which no key was pressed in', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
    const submission = new MemoryContactSubmission<File>();
    const { user } = renderContact({ drafts, submission });
    await screen.findByText(NOTICE);
    drafts.drafts.set('contact:de', { ...savedDraft, values: { ...savedDraft.values, question: 'Zweite Frage: wo bleibt Lieferung 4712?' } });
    await backFromCache();
    await waitFor(() => expect(screen.getByLabelText(DE.question)).toHaveValue('Zweite Frage: wo bleibt Lieferung 4712?'));
    submission.answer({ kind: 'failed' });
    await user.click(screen.getByRole('button', { name: DE.submit }));
    expect(await screen.findByText(/Aufgrund eines Übertragungsfehlers/)).toBeInTheDocument();
  });

  it('keeps the input while the message is sending: the clear button does nothing then, and a failed send still has everything', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
    const submission = new MemoryContactSubmission<File>().answer({ kind: 'failed' });
    const release = submission.hold();
    const { user } = renderContact({ drafts, submission });
    await screen.findByText(NOTICE);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await waitFor(() => expect(submission.messages).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Angaben löschen' }));
    release();
    expect(await screen.findByText(/Aufgrund eines Übertragungsfehlers/)).toBeInTheDocument();
    expect(screen.queryByText('Ihre Angaben wurden gelöscht.')).not.toBeInTheDocument();
    expect(screen.getByLabelText(DE.question)).toHaveValue('Meine Kaffeemaschine entkalkt nicht.');
    expect(screen.getByLabelText(DE.email)).toHaveValue('erika@example.org');
    expect(screen.getByRole('button', { name: 'kassenbon.pdf entfernen' })).toBeInTheDocument();
    expect(drafts.drafts.has('contact:de')).toBe(true);
  });

  it('names the files the browser could not keep with the draft, so the shopper adds them again', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': { ...savedDraft, missingFiles: ['foto.png', 'rechnung.pdf'] } } });
    const { user } = renderContact({ drafts });
    expect(
      (
        await screen.findByText(
          `${NOTICE} Folgende Anhänge konnten wir nicht wiederherstellen, bitte fügen Sie sie erneut hinzu: foto.png, rechnung.pdf.`,
        )
      ).closest('[role="status"]'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'kassenbon.pdf entfernen' })).toBeInTheDocument();

    // Added again, a file leaves the list (one file is named in the singular); once none is missing only the restore notice stays.
    await user.upload(screen.getByLabelText(DE.attachments), [png('foto.png')]);
    expect(
      await screen.findByText(`${NOTICE} Den folgenden Anhang konnten wir nicht wiederherstellen, bitte fügen Sie ihn erneut hinzu: rechnung.pdf.`),
    ).toBeInTheDocument();
    await user.upload(screen.getByLabelText(DE.attachments), [pdf('rechnung.pdf')]);
    expect((await screen.findByText(NOTICE)).closest('[role="status"]')).toBeInTheDocument();
  });

  it('names lost files also when nothing else came back (a draft of files only), with the button that clears the draft', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:ch_fr': { values: {}, attachments: [], missingFiles: ['foto.png'] } } });
    const { user } = renderContact({ site: 'ch_fr', drafts });
    expect(
      await screen.findByText('Nous n’avons pas pu restaurer cette pièce jointe, veuillez l’ajouter à nouveau : foto.png.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Effacer ces informations' }));
    expect(await screen.findByText('Vos informations ont été effacées.')).toBeInTheDocument();
    expect(screen.queryByText(/foto\.png/)).not.toBeInTheDocument();
    expect(drafts.drafts.has('contact:ch_fr')).toBe(false);
  });

  it('sends the restored file with its bytes, name and type', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
    const { user, submission } = renderContact({ drafts });
    await screen.findByText(NOTICE);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await waitFor(() => expect(submission.messages).toHaveLength(1));
    const [file] = submission.messages[0]!.attachments;
    expect(file).toMatchObject({ name: 'kassenbon.pdf', type: 'application/pdf', size: PDF_BYTES.length });
    expect(new Uint8Array(await file!.arrayBuffer())).toEqual(PDF_BYTES);
  });

  it('leaves the Turkish legal notice unticked: a restored draft never confirms it for the shopper', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:tr': { ...savedDraft, values: { ...savedDraft.values, legalConsent: true } } } });
    const { user } = renderContact({ drafts, site: 'tr' });
    await screen.findByText('Henüz göndermediğiniz bilgileri geri yükledik.');
    const consent = screen.getByRole('checkbox', { name: /Aydınlatma Metni’ni okudum ve onaylıyorum/ });
    expect(consent).not.toBeChecked();
    await user.click(consent);
    await waitFor(() => expect(drafts.saves.length).toBeGreaterThan(0), { timeout: 3000 });
    expect(drafts.saves.at(-1)!.draft.values).not.toHaveProperty('legalConsent');
  });

  it('takes what the fields the page refilled before its script came hold as the visitor\'s, also emptied, and says the draft was restored', async () => {
    const inner = new MemoryDraftStore({ initial: { 'contact:de': { values: { question: 'Erster Teil.', email: 'erika@exmaple.org', firstName: 'Erika' }, attachments: [] } } });
    let read!: () => void;
    const readable = new Promise<void>((resolve) => (read = resolve));
    const drafts = { load: async (key: string) => (await readable, inner.load(key)), save: inner.save.bind(inner), clear: inner.clear.bind(inner) };
    // The reloaded page's boot guard showed the question and the e-mail; the shopper emptied the e-mail (mistyped) and went on in the question.
    const page = window as unknown as { supportRefilled?: () => string[] };
    page.supportRefilled = () => ['question', 'email'];
    try {
      const { user } = renderContact({ drafts });
      await user.type(screen.getByLabelText(DE.question), 'Erster Teil. Zweiter.');
      read();
      expect(await screen.findByText(NOTICE)).toBeInTheDocument();
      expect(screen.getByLabelText(DE.question)).toHaveValue('Erster Teil. Zweiter.');
      expect(screen.getByLabelText(DE.email)).toHaveValue('');
      // A field the page did not refill is restored as after any reload.
      expect(screen.getByLabelText(DE.firstName)).toHaveValue('Erika');
    } finally {
      delete page.supportRefilled;
    }
  });

  it('shows no notice when there is no draft', async () => {
    const drafts = new MemoryDraftStore();
    renderContact({ drafts });
    await waitFor(() => expect(screen.getByLabelText(DE.question)).toBeInTheDocument());
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('saves once typing pauses, not at every keystroke', async () => {
    const drafts = new MemoryDraftStore();
    const { user } = renderContact({ drafts });
    await user.type(screen.getByLabelText(DE.question), 'Hallo');
    await waitFor(() => expect(drafts.saves.length).toBeGreaterThan(0), { timeout: 3000 });
    expect(drafts.saves).toHaveLength(1);
    expect(drafts.saves[0]!.key).toBe('contact:de');
    expect(drafts.saves[0]!.draft.values['question']).toBe('Hallo');
  });

  it('saves chosen files as bytes with name and type', async () => {
    const drafts = new MemoryDraftStore();
    const { user } = renderContact({ drafts });
    await user.upload(screen.getByLabelText(DE.attachments), [pdf('rechnung.pdf', 16)]);
    await waitFor(() => expect(drafts.drafts.get('contact:de')?.attachments).toHaveLength(1), { timeout: 3000 });
    const [stored] = drafts.drafts.get('contact:de')!.attachments;
    expect(stored).toMatchObject({ name: 'rechnung.pdf', type: 'application/pdf' });
    expect(stored!.bytes).toEqual(new Uint8Array(16));
  });

  it('saves a chosen file at once, without waiting for a pause in typing', async () => {
    const drafts = new MemoryDraftStore();
    const { user } = renderContact({ drafts });
    await user.type(screen.getByLabelText(DE.question), 'Hallo');
    await waitFor(() => expect(drafts.saves).toHaveLength(1), { timeout: 3000 });
    await user.upload(screen.getByLabelText(DE.attachments), [pdf('rechnung.pdf', 16)]);
    await user.type(screen.getByLabelText(DE.question), '!');
    // Saved with the file as it was chosen, before the keystroke that followed: no pause was waited for.
    await waitFor(() => expect(drafts.saves.some(({ draft }) => draft.attachments.length === 1)).toBe(true), { timeout: 3000 });
    const first = drafts.saves.find(({ draft }) => draft.attachments.length === 1)!.draft;
    expect(first.values['question']).toBe('Hallo');
    expect(first.attachments[0]).toMatchObject({ name: 'rechnung.pdf', bytes: new Uint8Array(16) });
  });

  it('restores nothing, and shows no notice, from a draft whose fields are all empty', async () => {
    const empty: FormDraft = { values: { question: '', topic: '', firstName: '', email: '', legalConsent: false }, attachments: [] };
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': empty } });
    const { user } = renderContact({ drafts });
    await user.type(screen.getByLabelText(DE.question), 'Hallo');
    await waitFor(() => expect(drafts.saves).toHaveLength(1), { timeout: 3000 });
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('clears the draft after a successful send', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
    const { user } = renderContact({ drafts });
    await screen.findByText(NOTICE);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await screen.findByText('Ihre Frage wurde an den Kundenservice geschickt. Vielen Dank.');
    expect(drafts.clears).toContain('contact:de');
    expect(drafts.drafts.has('contact:de')).toBe(false);
  });

  it('keeps the draft after a failed send', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
    const submission = new MemoryContactSubmission<File>().answer({ kind: 'failed' });
    const { user } = renderContact({ drafts, submission });
    await screen.findByText(NOTICE);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await screen.findByRole('alert');
    expect(drafts.clears).toEqual([]);
    expect(drafts.drafts.get('contact:de')?.values['question']).toBe('Meine Kaffeemaschine entkalkt nicht.');
  });

  it('takes the failure text away with the input the shopper clears after a failed send', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
    const submission = new MemoryContactSubmission<File>().answer({ kind: 'failed' });
    const { user } = renderContact({ drafts, submission });
    await screen.findByText(NOTICE);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    expect(await screen.findByText(/Aufgrund eines Übertragungsfehlers/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Angaben löschen' }));
    expect(await screen.findByText('Ihre Angaben wurden gelöscht.')).toBeInTheDocument();
    expect(screen.getByLabelText(DE.question)).toHaveValue('');
    expect(screen.queryByText(/Aufgrund eines Übertragungsfehlers/)).not.toBeInTheDocument();
  });

  it('takes the failure text away from a failed page back from the back/forward cache once a later page of the tab sent that message, or holds another draft', async () => {
    const laterDrafts: [FormDraft, string][] = [
      [{ values: {}, attachments: [], cleared: true }, ''],
      [{ ...savedDraft, values: { ...savedDraft.values, question: 'Zweite Frage: wo bleibt Lieferung 4712?' } }, 'Zweite Frage: wo bleibt Lieferung 4712?'],
    ];
    for (const [later, question] of laterDrafts) {
      const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
      const submission = new MemoryContactSubmission<File>().answer({ kind: 'failed' });
      const { user, unmount } = renderContact({ drafts, submission });
      await screen.findByText(NOTICE);
      await user.click(screen.getByRole('button', { name: DE.submit }));
      expect(await screen.findByText(/Aufgrund eines Übertragungsfehlers/)).toBeInTheDocument();
      drafts.drafts.set('contact:de', later);
      await backFromCache();
      await waitFor(() => expect(screen.getByLabelText(DE.question)).toHaveValue(question));
      expect(screen.queryByText(/Aufgrund eines Übertragungsfehlers/)).not.toBeInTheDocument();
      unmount();
    }
  });

  it('empties the form shown again from the back/forward cache when a later page of the tab sent its message; shown again otherwise, it stays', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
    renderContact({ drafts });
    await screen.findByText(NOTICE);

    await backFromCache();
    expect(screen.getByLabelText(DE.question)).toHaveValue('Meine Kaffeemaschine entkalkt nicht.');
    expect(screen.getByRole('button', { name: 'kassenbon.pdf entfernen' })).toBeInTheDocument();

    // Sent from a later page of the tab meanwhile.
    drafts.drafts.set('contact:de', { values: {}, attachments: [], cleared: true });
    await backFromCache();
    await waitFor(() => expect(screen.getByLabelText(DE.question)).toHaveValue(''));
    expect(screen.getByLabelText(DE.topic)).toHaveValue('');
    expect(screen.getByLabelText(DE.email)).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'kassenbon.pdf entfernen' })).not.toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the tab’s newer draft on a form shown again unchanged from the back/forward cache, as a reload would (its own message was sent meanwhile)', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
    const { user } = renderContact({ drafts });
    await screen.findByText(NOTICE);
    // A later page of the tab sent this message, then the shopper began a new one there.
    const newer: FormDraft = {
      values: { question: 'Wo bleibt meine zweite Lieferung?', topic: 'delivery', firstName: 'Erika', lastName: '', email: 'erika@example.org' },
      attachments: [],
    };
    drafts.drafts.set('contact:de', newer);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await waitFor(() => expect(screen.getByLabelText(DE.question)).toHaveValue('Wo bleibt meine zweite Lieferung?'));
    expect(screen.getByLabelText(DE.topic)).toHaveValue('delivery');
    expect(screen.getByLabelText(DE.articleNumber)).toHaveValue('');
    expect(screen.getByLabelText(DE.lastName)).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'kassenbon.pdf entfernen' })).not.toBeInTheDocument();

    // Typed into while the tab's draft was being read: what the shopper typed stays.
    drafts.drafts.set('contact:de', savedDraft);
    const load = drafts.load.bind(drafts);
    let release = () => {};
    drafts.load = (key) => new Promise((resolve) => (release = () => resolve(load(key))));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await user.type(screen.getByLabelText(DE.articleNumber), '12');
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText(DE.question)).toHaveValue('Wo bleibt meine zweite Lieferung?');
    expect(screen.getByLabelText(DE.articleNumber)).toHaveValue('12');
  });

  it('takes the tab’s newer draft whose file has the same name but other content (a phone names every photo alike)', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
    renderContact({ drafts });
    await screen.findByText(NOTICE);
    const replaced = { name: 'kassenbon.pdf', type: 'application/pdf', lastModified: 1_700_000_500_000, bytes: new Uint8Array(2048).fill(0x25) };
    drafts.drafts.set('contact:de', { ...savedDraft, attachments: [replaced] });
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await waitFor(() => expect(screen.getByText(/kassenbon\.pdf/).closest('li')).toHaveTextContent('kassenbon.pdf (2 kB)'));
  });

  it('keeps a file the store could not keep on a form shown again unchanged from the back/forward cache, without a notice', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
    renderContact({ drafts });
    await screen.findByText(NOTICE);
    // The tab's draft as this page saved it, the file's bytes refused by a full IndexedDB.
    drafts.drafts.set('contact:de', { ...savedDraft, attachments: [], missingFiles: ['kassenbon.pdf'] });
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'kassenbon.pdf entfernen' })).toBeInTheDocument();
    expect(screen.queryByText(/bitte fügen Sie ihn erneut hinzu/)).not.toBeInTheDocument();
  });

  it('keeps files still being read when the page went into the back/forward cache: its own draft is no newer one', async () => {
    const drafts = new MemoryDraftStore();
    const { user } = renderContact({ drafts });
    await pickUnreadPhoto(user, 'Drei Fotos vom Schaden.', 'schaden.png');
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'schaden.png entfernen' })).toBeInTheDocument();
    expect(screen.getByLabelText(DE.question)).toHaveValue('Drei Fotos vom Schaden.');
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('takes each newer draft of the tab in turn on a form shown again from the back/forward cache, also one equal to what this page saved first', async () => {
    const drafts = new MemoryDraftStore();
    const { user } = renderContact({ drafts });
    await user.type(screen.getByLabelText(DE.question), 'Frage A');
    await waitFor(() => expect(drafts.drafts.get('contact:de')?.values['question']).toBe('Frage A'));
    const first = drafts.drafts.get('contact:de')!;
    // A later page of the tab added a first name...
    drafts.drafts.set('contact:de', { ...first, values: { ...first.values, firstName: 'Bea' } });
    await backFromCache();
    await waitFor(() => expect(screen.getByLabelText(DE.firstName)).toHaveValue('Bea'));
    // ...and a page after it removed it again.
    drafts.drafts.set('contact:de', first);
    await backFromCache();
    await waitFor(() => expect(screen.getByLabelText(DE.firstName)).toHaveValue(''));
    expect(screen.getByLabelText(DE.question)).toHaveValue('Frage A');
  });

  it('asks after a reload for a file that was still being read when the page was left', async () => {
    const drafts = new MemoryDraftStore();
    const { user, unmount } = renderContact({ drafts });
    await pickUnreadPhoto(user, 'Foto aus der Cloud.', 'cloud-foto.png');
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    unmount();
    renderContact({ drafts });
    expect(
      await screen.findByText(/Den folgenden Anhang konnten wir nicht wiederherstellen, bitte fügen Sie ihn erneut hinzu: .*cloud-foto\.png/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(DE.question)).toHaveValue('Foto aus der Cloud.');
  });

  it('keeps a file read by the time the page is left when another picked with it is still being read', async () => {
    const drafts = new MemoryDraftStore();
    const { user, unmount } = renderContact({ drafts });
    await user.type(screen.getByLabelText(DE.question), 'Rechnung und Foto.');
    const slow = png('cloud-foto.png');
    slow.arrayBuffer = () => new Promise(() => {});
    let read!: () => void;
    const reading = new Promise<void>((resolve) => (read = resolve));
    const fast = pdf('rechnung.pdf');
    const bytes = fast.arrayBuffer.bind(fast);
    fast.arrayBuffer = () => reading.then(bytes);
    await user.upload(screen.getByLabelText(DE.attachments), [fast, slow]);
    await screen.findByRole('button', { name: 'cloud-foto.png entfernen' });
    // The invoice is read only after the save of the pick.
    await act(async () => read());
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    unmount();
    renderContact({ drafts });
    expect(await screen.findByRole('button', { name: 'rechnung.pdf entfernen' })).toBeInTheDocument();
    expect(screen.getByText(/Den folgenden Anhang konnten wir nicht wiederherstellen, bitte fügen Sie ihn erneut hinzu: .*cloud-foto\.png/)).toBeInTheDocument();
    expect(screen.queryByText(/rechnung\.pdf.*erneut|erneut.*rechnung\.pdf/)).not.toBeInTheDocument();
  });

  it('saves nothing again when the page is left once the draft holds every file (another tab may have sent it meanwhile)', async () => {
    const drafts = new MemoryDraftStore();
    const { user } = renderContact({ drafts });
    await user.type(screen.getByLabelText(DE.question), 'Meine Rechnung fehlt.');
    await user.upload(screen.getByLabelText(DE.attachments), [pdf('rechnung.pdf')]);
    await screen.findByRole('button', { name: 'rechnung.pdf entfernen' });
    await waitFor(() => expect(drafts.drafts.get('contact:de')?.attachments).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const saves = drafts.saves.length;
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drafts.saves).toHaveLength(saves);
  });

  it('keeps each site’s draft apart', async () => {
    const drafts = new MemoryDraftStore({ initial: { 'contact:de': savedDraft } });
    renderContact({ site: 'at', drafts });
    await waitFor(() => expect(screen.getByLabelText(DE.question)).toHaveValue(''));
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('works without drafts when the store fails', async () => {
    const drafts = new MemoryDraftStore({ broken: true });
    const { user, submission } = renderContact({ drafts });
    await fillValidGerman(user);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    expect(await screen.findByText('Ihre Frage wurde an den Kundenservice geschickt. Vielen Dank.')).toBeInTheDocument();
    expect(submission.messages).toHaveLength(1);
  });
});
