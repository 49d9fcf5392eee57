import { screen, waitFor } from '@testing-library/react';
import { MemoryDraftStore } from '../../../src/adapters/memory/memory-draft-store';
import { inputKept } from '../../../src/app/support/chunk-failure-reload';
import { DE, pdf, renderContact } from './support';

// The answer a reload for a missing chunk asks first: does the draft keep what the form shows?
describe('contact form: whether a reload would lose the input', () => {
  it('answers yes once the draft logic keeps the form, saving what it shows in the same call', async () => {
    const drafts = new MemoryDraftStore();
    const { user } = renderContact({ drafts });
    await waitFor(() => expect(inputKept()).toBe(true));
    await user.type(screen.getByLabelText(DE.question), 'Wo bleibt meine Bestellung?');
    drafts.saves.length = 0;
    expect(inputKept()).toBe(true);
    expect(drafts.saves.at(-1)?.draft.values['question']).toBe('Wo bleibt meine Bestellung?');
  });

  it('answers no when the draft store cannot be used (its chunk is missing)', async () => {
    const broken = new MemoryDraftStore();
    vi.spyOn(broken, 'load').mockRejectedValue(new TypeError('no store'));
    const { user } = renderContact({ drafts: broken });
    await user.type(screen.getByLabelText(DE.question), 'Hallo');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(inputKept()).toBe(false);
  });

  it('answers no once the form has gone', async () => {
    const { unmount } = renderContact({ drafts: new MemoryDraftStore() });
    await waitFor(() => expect(inputKept()).toBe(true));
    unmount();
    expect(inputKept()).toBe(false);
  });

  it('answers no while a chosen file is still being read (the draft does not hold it yet)', async () => {
    const drafts = new MemoryDraftStore();
    const { user } = renderContact({ drafts });
    await waitFor(() => expect(inputKept()).toBe(true));
    const file = pdf('rechnung.pdf', 16);
    let finishReading!: (buffer: ArrayBuffer) => void;
    vi.spyOn(file, 'arrayBuffer').mockReturnValue(new Promise((resolve) => (finishReading = resolve)));
    await user.upload(screen.getByLabelText(DE.attachments), [file]);
    expect(inputKept()).toBe(false);
    finishReading(new ArrayBuffer(16));
    await waitFor(() => expect(inputKept()).toBe(true));
  });
});
