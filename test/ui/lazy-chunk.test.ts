import { loadChunk } from '../../src/ui/lazy-chunk';

afterEach(() => {
  vi.useRealTimers();
});

describe('loading a chunk of the page', () => {
  it('fails a load that neither arrives nor fails (a stalled connection) after 20 s, as a failed load does', async () => {
    vi.useFakeTimers();
    const stalled = loadChunk(() => new Promise<{ part: string }>(() => undefined)).then(
      () => 'loaded',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(19_999);
    expect(await Promise.race([stalled, Promise.resolve('waiting')])).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(await stalled).toBe('The chunk did not load');
  });

  it('takes a slow load that arrives in time', async () => {
    vi.useFakeTimers();
    const slow = loadChunk(() => new Promise<{ part: string }>((resolve) => setTimeout(() => resolve({ part: 'later' }), 15_000)));
    await vi.advanceTimersByTimeAsync(15_000);
    await expect(slow).resolves.toEqual({ part: 'later' });
  });
});
