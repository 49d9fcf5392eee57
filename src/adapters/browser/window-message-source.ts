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
    const parent = attempt(() => win.parent);
    return parent !== undefined && parent !== null && parent !== win;
  }

  postToParent(data: string, targetOrigin = '*'): void {
    const win = this.#win();
    if (!win) return;
    const parent = attempt(() => win.parent);
    if (parent && parent !== win) parent.postMessage(data, targetOrigin);
    else win.postMessage(data, '/');
  }

  #win(): Window | undefined {
    return attempt(this.#getWindow);
  }
}
