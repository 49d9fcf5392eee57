/**
 * Window messages (spec §5, §7.11; shared decisions "The library's public face"): only JSON strings
 * with `event_name` and `message`, only from allowed origins, reach the push methods; `Reset` resets;
 * any other name warns and is ignored, and so does a message from an allowed origin that names
 * `event_name` but is not such a JSON string.
 */
import type { MessageSource } from '../../ports/message-source';
import { LogLevel, type LogSink } from '../../domain/tracking/log-buffer';
import { isRecord, ownValue } from '../../domain/tracking/mapping/clean';
import { identityText } from '../../domain/tracking/mapping/client-meta';
import * as Warnings from '../../domain/tracking/warnings';
import { KIND_OF, PUSH_METHODS, type PushMethod } from './push-methods';

/** The push method of each message kind. */
export const METHOD_OF_MESSAGE: Readonly<Record<string, PushMethod>> = Object.fromEntries(
  PUSH_METHODS.map((method) => [KIND_OF[method], method]),
);

export interface MessageTarget {
  push(method: PushMethod, data: unknown): Promise<void>;
  reset(): Promise<void>;
}

/**
 * The `{ event_name, message }` of a raw message, or undefined when it is not such a JSON string with
 * an object as its `message` (any message for a `Reset`, which carries no data). Spec §5: other
 * messages are ignored; a frame's slip is named by `nearMiss`, not refused as a push the page never
 * made and reported to the shop's error log.
 */
export const parseMessage = (data: unknown): { eventName: string; message: unknown; unusableEmitter?: unknown } | undefined => {
  if (typeof data !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed)) return undefined;
  const { event_name: eventName, message, emitter } = parsed;
  if (typeof eventName !== 'string' || message === undefined) return undefined;
  // A reset carries no data: whatever its message holds (a widget's null at logout) it resets.
  if (eventName === 'Reset') return { eventName, message };
  if (!isRecord(message)) return undefined;
  // The emitter travels beside the message; the pushed data carries it as the client's identity (a
  // number as its text, as a client's option).
  if (emitter === undefined || message.emitter !== undefined) return { eventName, message };
  const name = identityText(emitter);
  return name === undefined ? { eventName, message, unusableEmitter: emitter } : { eventName, message: { ...message, emitter: name } };
};

/** A value as the log names it: its JSON where it has one (a BigInt, a cycle have none: their type). */
const shownValue = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
};

/** A text cut for the log: the start of a message that could not be read. */
const startOf = (text: string): string => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

/**
 * Why a message that is not a library message still looks meant as one (it names `event_name`), or
 * undefined: the page's other messages are not the library's business. An object posted as it is
 * (the likeliest slip), a text that does not parse, a name that is not a text, a missing message (or
 * null), a message that is not an object (a JSON text of it, a list).
 */
const nearMiss = (data: unknown): string | undefined => {
  if (typeof data === 'string') {
    if (!data.includes('"event_name"')) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return Warnings.messageNotJson(startOf(data));
    }
    data = parsed;
  } else if (isRecord(data) && typeof data.event_name === 'string' && Object.hasOwn(data, 'event_name')) {
    return Warnings.messageNotText(data.event_name);
  }
  if (!isRecord(data) || !Object.hasOwn(data, 'event_name')) return undefined;
  if (typeof data.event_name !== 'string') return Warnings.messageNameNotText(startOf(shownValue(data.event_name)));
  const { event_name: name, message } = data;
  if (message === undefined || message === null) return Warnings.messageWithoutBody(name);
  return isRecord(message) ? undefined : Warnings.messageBodyNotObject(name, startOf(shownValue(message)));
};

/** Subscribes to window messages from `allowedOrigins`; returns the unsubscribe function. */
export function listenForMessages(
  source: MessageSource,
  allowedOrigins: readonly string[],
  target: MessageTarget,
  log: LogSink,
): () => void {
  /** Origins already warned about: a frame of the wrong origin (http for https, a missing port) is named once. */
  const warned = new Set<string>();
  /** Slips already named (near misses, unusable emitters): a frame repeating one is named once per text. */
  const named = new Set<string>();
  const nameOnce = (problem: string | undefined): void => {
    if (problem === undefined || named.has(problem)) return;
    named.add(problem);
    log(LogLevel.warn, problem);
  };
  return source.subscribe(({ data, origin }) => {
    const parsed = parseMessage(data);
    if (parsed === undefined) {
      nameOnce(allowedOrigins.includes(origin) ? nearMiss(data) : undefined);
      return;
    }
    if (!allowedOrigins.includes(origin)) {
      if (!warned.has(origin)) log(LogLevel.warn, Warnings.messageFromOtherOrigin(origin));
      warned.add(origin);
      return;
    }
    const swallow = () => undefined;
    if (parsed.eventName === 'Reset') {
      void target.reset().catch(swallow);
      return;
    }
    if (Object.hasOwn(parsed, 'unusableEmitter')) nameOnce(Warnings.messageEmitterNoName(startOf(shownValue(parsed.unusableEmitter))));
    const method = ownValue(METHOD_OF_MESSAGE, parsed.eventName);
    if (method === undefined) {
      log(LogLevel.warn, Warnings.unknownMessage(parsed.eventName), { event_name: parsed.eventName });
      return;
    }
    // The push logs its own success or failure; a rejected message has nowhere else to go.
    void target.push(method, parsed.message).catch(swallow);
  });
}
