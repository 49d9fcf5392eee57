import type { IncomingMessage, MessageSource } from '../../ports/message-source';

/** A MessageSource for tests: `emit` delivers a message to the listeners; posts to the parent are recorded. */
export class MemoryMessageSource implements MessageSource {
  readonly posted: string[] = [];
  /** The target origin of each post, in the same order. */
  readonly targetOrigins: string[] = [];
  private readonly listeners = new Set<(message: IncomingMessage) => void>();
  /** Whether the page is in a frame (default true). */
  framed = true;

  isFramed(): boolean {
    return this.framed;
  }

  subscribe(listener: (message: IncomingMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  postToParent(data: string, targetOrigin = '*'): void {
    this.posted.push(data);
    this.targetOrigins.push(targetOrigin);
  }

  /** Delivers a message as if another window had posted it. */
  emit(message: IncomingMessage): void {
    for (const listener of [...this.listeners]) listener(message);
  }

  /** Number of listeners subscribed now. */
  get listenerCount(): number {
    return this.listeners.size;
  }
}
