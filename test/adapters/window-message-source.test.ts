import { WindowMessageSource } from '../../src/adapters/browser/window-message-source';
import type { IncomingMessage } from '../../src/ports/message-source';

describe('WindowMessageSource', () => {
  it('hands on every window message with its data and origin', () => {
    const source = new WindowMessageSource();
    const received: IncomingMessage[] = [];
    const stop = source.subscribe((message) => received.push(message));
    const data = JSON.stringify({ event_name: 'InitialPageData', message: { page_type: 'home' } });
    window.dispatchEvent(new MessageEvent('message', { data, origin: 'https://www.kaffeeshop.de' }));
    window.dispatchEvent(new MessageEvent('message', { data: { not: 'a string' }, origin: 'https://evil.example' }));
    stop();
    window.dispatchEvent(new MessageEvent('message', { data: 'after', origin: 'https://www.kaffeeshop.de' }));
    expect(received).toEqual([
      { data, origin: 'https://www.kaffeeshop.de' },
      { data: { not: 'a string' }, origin: 'https://evil.example' },
    ]);
  });

  it("posts to the parent window with target origin '*' when framed", () => {
    const posted: unknown[][] = [];
    const parent = { postMessage: (...args: unknown[]) => posted.push(args) };
    const self = { parent, top: parent, postMessage: () => posted.push(['self']) } as unknown as Window;
    new WindowMessageSource(() => self).postToParent('{"event_name":"Reset"}');
    expect(posted).toEqual([['{"event_name":"Reset"}', '*']]);
  });

  it('posts to the framing window, not to what a page variable named parent holds (nested frames too); a top-level page or popup with such a variable posts to itself', () => {
    const posted: unknown[][] = [];
    const windowNamed = (name: string, frames: unknown[] = []) => {
      const win = { name, frames, postMessage: (...args: unknown[]) => posted.push([name, ...args]) } as unknown as Omit<Window, 'parent' | 'top'> & { parent: unknown; top: unknown };
      for (const frame of frames) (frame as { parent: unknown }).parent = win;
      return win;
    };
    // `var parent = document.documentElement;` in the innermost frame's own script.
    const inner = windowNamed('inner');
    const middle = windowNamed('middle', [inner]);
    const shop = windowNamed('shop', [windowNamed('ad'), middle]);
    for (const win of [shop, middle, inner]) win.top = shop;
    shop.parent = shop;
    inner.parent = { nodeName: 'HTML' };
    const innerSource = new WindowMessageSource(() => inner as unknown as Window);
    expect(innerSource.isFramed()).toBe(true);
    innerSource.postToParent('{"event_name":"Reset"}', 'https://www.kaffeeshop.de');
    // A popup whose script set `var parent = window.opener;`.
    const popup = windowNamed('popup');
    popup.top = popup;
    popup.parent = shop;
    const popupSource = new WindowMessageSource(() => popup as unknown as Window);
    expect(popupSource.isFramed()).toBe(false);
    popupSource.postToParent('{"event_name":"Reset"}');
    expect(posted).toEqual([
      ['middle', '{"event_name":"Reset"}', 'https://www.kaffeeshop.de'],
      ['popup', '{"event_name":"Reset"}', '/'],
    ]);
  });

  it('posts to the parent window with the target origin it is given', () => {
    const posted: unknown[][] = [];
    const parent = { postMessage: (...args: unknown[]) => posted.push(args) };
    const self = { parent, top: parent, postMessage: () => posted.push(['self']) } as unknown as Window;
    new WindowMessageSource(() => self).postToParent('{"event_name":"Reset"}', 'https://www.kaffeeshop.de');
    expect(posted).toEqual([['{"event_name":"Reset"}', 'https://www.kaffeeshop.de']]);
  });

  it("posts to the page itself, same-origin only ('/'), on a top-level page", () => {
    const posted: unknown[][] = [];
    const self = { postMessage: (...args: unknown[]) => posted.push(args) } as unknown as Window & { parent: unknown; top: unknown };
    self.parent = self;
    self.top = self;
    const source = new WindowMessageSource(() => self);
    source.postToParent('{"event_name":"Reset"}');
    expect(posted).toEqual([['{"event_name":"Reset"}', '/']]);
    expect(source.isFramed()).toBe(false);
    const framing = { postMessage: () => undefined };
    expect(new WindowMessageSource(() => ({ parent: framing, top: framing }) as unknown as Window).isFramed()).toBe(true);
    // Outside a page (a worker) there is no frame to tell of.
    expect(new WindowMessageSource(() => undefined).isFramed()).toBeUndefined();
  });

  it('does nothing outside a browser', () => {
    const source = new WindowMessageSource(() => undefined);
    expect(() => source.postToParent('x')).not.toThrow();
    expect(() => source.subscribe(() => undefined)()).not.toThrow();
  });
});
