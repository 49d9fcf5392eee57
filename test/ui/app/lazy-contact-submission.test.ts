import { MemoryContactSubmission } from '../../../src/adapters/memory/memory-contact-submission';
import { lazyContactSubmission } from '../../../src/app/support/lazy-contact-submission';
import { contactMessage } from '../helpers/contact-message';

const message = contactMessage();

describe('the lazily loaded contact submission', () => {
  it('loads the submission on the first send only, and passes sends and upload progress on', async () => {
    const memory = new MemoryContactSubmission();
    memory.progress = [{ loaded: 5, total: 10 }];
    const load = vi.fn(async () => memory);
    const submission = lazyContactSubmission(load, vi.fn());
    expect(load).not.toHaveBeenCalled();
    const progress = vi.fn();
    await expect(submission.submit(message, progress)).resolves.toEqual({ kind: 'sent', id: 'memory-1' });
    await expect(submission.submit(message)).resolves.toEqual({ kind: 'sent', id: 'memory-2' });
    expect(progress).toHaveBeenCalledWith({ loaded: 5, total: 10 });
    expect(memory.messages).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('passes the send\'s signal on: a form left while the chunk loads sends nothing', async () => {
    const memory = new MemoryContactSubmission();
    let loaded!: (submission: MemoryContactSubmission) => void;
    const submission = lazyContactSubmission(() => new Promise<MemoryContactSubmission>((resolve) => (loaded = resolve)), vi.fn());
    const leaving = new AbortController();
    const sent = submission.submit(message, undefined, leaving.signal);
    leaving.abort();
    loaded(memory);
    await expect(sent).resolves.toEqual({ kind: 'failed', withdrawn: true });
    expect(memory.messages).toEqual([]);
  });

  it('reports a failed send (never a rejection) when its chunk cannot be loaded, and tries again on the next send', async () => {
    const warn = vi.fn();
    const memory = new MemoryContactSubmission();
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk missing')).mockResolvedValueOnce(memory);
    const submission = lazyContactSubmission(load, warn);
    await expect(submission.submit(message)).resolves.toEqual({ kind: 'failed' });
    expect(warn).toHaveBeenCalledTimes(1);
    await expect(submission.submit(message)).resolves.toEqual({ kind: 'sent', id: 'memory-1' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('the contact submission loaded ahead of the first send', () => {
  it('loads its chunk on preload, and the send uses it without loading again', async () => {
    const memory = new MemoryContactSubmission();
    const load = vi.fn(async () => memory);
    const submission = lazyContactSubmission(load, vi.fn());
    submission.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await expect(submission.submit(message)).resolves.toEqual({ kind: 'sent', id: 'memory-1' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed preload to the send, which reports a failed send and tries the chunk again next time', async () => {
    const warn = vi.fn();
    const memory = new MemoryContactSubmission();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(memory);
    const submission = lazyContactSubmission(load, warn);
    submission.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(submission.submit(message)).resolves.toEqual({ kind: 'failed' });
    await expect(submission.submit(message)).resolves.toEqual({ kind: 'sent', id: 'memory-1' });
    expect(load).toHaveBeenCalledTimes(3);
  });
});
