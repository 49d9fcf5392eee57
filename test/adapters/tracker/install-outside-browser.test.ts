// @vitest-environment node
/** Spec §8: a browser-only method run elsewhere (a server render, a Node script) fails with the spec's text. */
import { install, reset } from '../../../src/app/tracker/install';

const BROWSER_ONLY = 'This method can only be run in a browser environment';

describe('install and reset outside a browser', () => {
  it('install() throws the spec text, word for word', () => {
    expect(() => install({ site: 'DE' })).toThrow(new Error(BROWSER_ONLY));
  });

  it('reset() rejects with the spec text, word for word, and says so on the console (a server render that forgot the catch)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(reset()).rejects.toThrow(new Error(BROWSER_ONLY));
      expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringContaining(`reset has been executed with errors: ${BROWSER_ONLY}`)]);
    } finally {
      errors.mockRestore();
    }
  });
});
