// @vitest-environment node
/** Spec §8: a browser-only method run elsewhere (a server render, a Node script) fails with the spec's text. */
import { install, reset } from '../../../src/app/tracker/install';

const BROWSER_ONLY = 'This method can only be run in a browser environment';

describe('install and reset outside a browser', () => {
  it('install() throws the spec text, word for word', () => {
    expect(() => install({ site: 'DE' })).toThrow(new Error(BROWSER_ONLY));
  });

  it('reset() rejects with the spec text, word for word', async () => {
    await expect(reset()).rejects.toThrow(new Error(BROWSER_ONLY));
  });
});
