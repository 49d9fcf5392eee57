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
    const self = { parent, postMessage: () => posted.push(['self']) } as unknown as Window;
    new WindowMessageSource(() => self).postToParent('{"event_name":"Reset"}');
    expect(posted).toEqual([['{"event_name":"Reset"}', '*']]);
  });

  it('posts to the framing window, not to what a page variable named parent holds; on a top-level page with such a variable, to the page itself', () => {
    const posted: unknown[][] = [];
    const top = { postMessage: (...args: unknown[]) => posted.push(['top', ...args]) };
    // `var parent = document.documentElement;` in the frame's own script.
    const framed = { parent: { nodeName: 'HTML' }, top, postMessage: () => posted.push(['self']) } as unknown as Window;
    const framedSource = new WindowMessageSource(() => framed);
    expect(framedSource.isFramed()).toBe(true);
    framedSource.postToParent('{"event_name":"Reset"}', 'https://www.kaffeeshop.de');
    const topLevel = { parent: 'main menu', postMessage: (...args: unknown[]) => posted.push(['self', ...args]) } as unknown as Window & { top: unknown };
    topLevel.top = topLevel;
    const topSource = new WindowMessageSource(() => topLevel);
    expect(topSource.isFramed()).toBe(false);
    topSource.postToParent('{"event_name":"Reset"}');
    expect(posted).toEqual([
      ['top', '{"event_name":"Reset"}', 'https://www.kaffeeshop.de'],
      ['self', '{"event_name":"Reset"}', '/'],
    ]);
  });

  it('posts to the parent window with the target origin it is given', () => {
    const posted: unknown[][] = [];
    const parent = { postMessage: (...args: unknown[]) => posted.push(args) };
    const self = { parent, postMessage: () => posted.push(['self']) } as unknown as Window;
    new WindowMessageSource(() => self).postToParent('{"event_name":"Reset"}', 'https://www.kaffeeshop.de');
    expect(posted).toEqual([['{"event_name":"Reset"}', 'https://www.kaffeeshop.de']]);
  });

  it("posts to the page itself, same-origin only ('/'), on a top-level page", () => {
    const posted: unknown[][] = [];
    const self = { postMessage: (...args: unknown[]) => posted.push(args) } as unknown as Window & { parent: unknown };
    self.parent = self;
    const source = new WindowMessageSource(() => self);
    source.postToParent('{"event_name":"Reset"}');
    expect(posted).toEqual([['{"event_name":"Reset"}', '/']]);
    expect(source.isFramed()).toBe(false);
    expect(new WindowMessageSource(() => ({ parent: { postMessage: () => undefined } }) as unknown as Window).isFramed()).toBe(true);
    // Outside a page (a worker) there is no frame to tell of.
    expect(new WindowMessageSource(() => undefined).isFramed()).toBeUndefined();
  });

  it('does nothing outside a browser', () => {
    const source = new WindowMessageSource(() => undefined);
    expect(() => source.postToParent('x')).not.toThrow();
    expect(() => source.subscribe(() => undefined)()).not.toThrow();
  });
});
