import type { IncomingMessage, MessageSource } from '../../ports/message-source';
import { attempt } from './attempt';

/**
 * Window messages. `subscribe` listens to `message` events on the window and hands on their data and
 * origin (the domain decides what to accept). `postToParent` posts to `window.parent` with the given
 * target origin (default '*') when the page is framed; on a top-level page it posts to the page itself,
 * same-origin only ('/'), so a tracker installed with listeners on the same page still receives the events.
 */
export class WindowMessageSource implements MessageSource {
  readonly #getWindow: () => Window | undefined;
  constructor(getWindow: () => Window | undefined = () => window) {
    this.#getWindow = getWindow;
  }

  subscribe(listener: (message: IncomingMessage) => void): () => void {
    const win = this.#win();
    if (!win) return () => undefined;
    const onMessage = (event: MessageEvent) => listener({ data: event.data, origin: event.origin });
    win.addEventListener('message', onMessage);
    return () => win.removeEventListener('message', onMessage);
  }

  isFramed(): boolean | undefined {
    const win = this.#win();
    if (!win) return undefined;
    return parentOf(win) !== undefined;
  }

  postToParent(data: string, targetOrigin = '*'): void {
    const win = this.#win();
    if (!win) return;
    const parent = parentOf(win);
    if (parent) parent.postMessage(data, targetOrigin);
    else win.postMessage(data, '/');
  }

  #win(): Window | undefined {
    return attempt(this.#getWindow);
  }
}

/**
 * The window that frames `win`, or undefined on a top-level page. A page variable named `parent`
 * replaces `window.parent` (a window's `postMessage` is there even across origins); `top`, which no
 * page variable replaces, then stands in: the framing page itself, unless frames are nested.
 */
function parentOf(win: Window): Window | undefined {
  const parent = attempt(() => win.parent);
  const framing = parent != null && typeof attempt(() => parent.postMessage) === 'function' ? parent : attempt(() => win.top);
  return framing != null && framing !== win ? framing : undefined;
}
