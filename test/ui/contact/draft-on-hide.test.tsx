import { screen, waitFor } from '@testing-library/react';
import { MemoryDraftStore } from '../../../src/adapters/memory/memory-draft-store';
import { DE, pdf, renderContact } from './support';

// An unloading page runs no later task: the save on hiding must reach the store within the event's own
// handling. Each check below reads the store right after dispatching the event, before anything awaits.

/** Types, attaches a file and waits until the draft logic has saved once (it has loaded and read the file). */
async function fillAndWaitForFirstSave(drafts: MemoryDraftStore) {
  const { user, unmount } = renderContact({ drafts });
  await user.type(screen.getByLabelText(DE.question), 'Lieferzeit');
  await user.upload(screen.getByLabelText(DE.attachments), [pdf('rechnung.pdf', 32)]);
  await waitFor(() => expect(drafts.saves.at(-1)?.draft.attachments).toHaveLength(1), { timeout: 3000 });
  return Object.assign(user, { unmount });
}

describe('contact form: the draft saved when the page is left', () => {
  it('saves the last keystrokes, files included, in the same task as pagehide', async () => {
    const drafts = new MemoryDraftStore();
    const user = await fillAndWaitForFirstSave(drafts);
    await user.type(screen.getByLabelText(DE.question), '?');
    window.dispatchEvent(new Event('pagehide'));
    const last = drafts.saves.at(-1)!.draft;
    expect(last.values['question']).toBe('Lieferzeit?');
    expect(last.attachments.map((file) => file.name)).toEqual(['rechnung.pdf']);
    expect(last.attachments[0]!.bytes).toEqual(new Uint8Array(32));
  });

  it('saves the last keystrokes when the form leaves inside the app (the router\'s Back fires no pagehide)', async () => {
    const drafts = new MemoryDraftStore();
    const user = await fillAndWaitForFirstSave(drafts);
    await user.type(screen.getByLabelText(DE.question), '?');
    user.unmount();
    expect(drafts.saves.at(-1)!.draft.values['question']).toBe('Lieferzeit?');
  });

  it('saves at once when the page is hidden (visibilitychange), and not when it becomes visible', async () => {
    const drafts = new MemoryDraftStore();
    const user = await fillAndWaitForFirstSave(drafts);
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    try {
      await user.type(screen.getByLabelText(DE.question), '!');
      visibility.mockReturnValue('visible');
      document.dispatchEvent(new Event('visibilitychange'));
      expect(drafts.saves.at(-1)!.draft.values['question']).toBe('Lieferzeit');
      visibility.mockReturnValue('hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      expect(drafts.saves.at(-1)!.draft.values['question']).toBe('Lieferzeit!');
    } finally {
      visibility.mockRestore();
    }
  });
});
