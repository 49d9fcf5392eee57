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
 * The window that frames `win`, or undefined on a top-level page (`top`, which no page variable can
 * replace, is the page itself). A page variable named `parent` replaces `window.parent` (a window's
 * `postMessage` is there even across origins): the framing window is then found among the frames
 * under `top`, which every origin may walk.
 */
function parentOf(win: Window): Window | undefined {
  const top = attempt(() => win.top);
  if (top == null || top === win) return undefined;
  const parent = attempt(() => win.parent);
  if (parent != null && parent !== win && typeof attempt(() => parent.postMessage) === 'function') return parent;
  return framing(top, win, 0) ?? top;
}

/** The window among `from` and the frames under it whose frame list holds `win` (at most 8 levels deep). */
function framing(from: Window, win: Window, depth: number): Window | undefined {
  const frames = attempt(() => from.frames);
  const count = attempt(() => frames?.length) ?? 0;
  for (let index = 0; index < count; index += 1) {
    const child = attempt(() => frames?.[index]);
    if (child === win) return from;
    const found = child != null && depth < 8 ? framing(child, win, depth + 1) : undefined;
    if (found) return found;
  }
  return undefined;
}
