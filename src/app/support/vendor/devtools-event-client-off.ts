/**
 * Stands in for `@tanstack/devtools-event-client` in the support pages' build (see vite.config.ts).
 * TanStack Form reports every form change to its devtools through this client, which in a shopper's
 * browser has no devtools to talk to but still dispatches window events and starts a reconnect timer;
 * this one keeps the same surface and does nothing.
 */
export class EventClient<_Events = unknown> {
  constructor(_options: { pluginId: string; debug?: boolean; enabled?: boolean; reconnectEveryMs?: number }) {}

  on(_event: string, _listener: (event: unknown) => void): () => void {
    return () => undefined;
  }

  emit(_event: string, _payload: unknown): void {}
}
