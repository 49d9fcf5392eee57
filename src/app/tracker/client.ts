/**
 * The client a page uses (spec §4 Install): 'direct' calls the installed `collectOnTrackApi`, retrying
 * 100 × 200 ms while none is installed ('CollectOnTrackApi hasn't been installed.'), in call order (direct-line.ts); 'events' posts
 * `{ event_name, message, emitter }` as a JSON string to the parent window (only to the option
 * `targetOrigin` when given). Either way every message carries the client's `cot_client_version` and `emitter`.
 */
import type { Clock } from '../../ports/clock';
import type { MessageSource } from '../../ports/message-source';
import { LogLevel, type LogSink } from '../../domain/tracking/log-buffer';
import { isRecord, toText } from '../../domain/tracking/mapping/clean';
import { CLIENT_VERSION, identityText } from '../../domain/tracking/mapping/client-meta';
import * as Warnings from '../../domain/tracking/warnings';
import type { ClientOptions, CollectOnTrackClient, PushData, PushMethods } from '../tracker-types';
import { createDirectLine, type DirectLine } from './direct-line';
import { KIND_OF, PUSH_METHODS, type PushMethod } from './push-methods';
import { originOf } from './url';
import { jsonText } from '../../domain/tracking/json-text';
import { snapshotOf } from '../../domain/tracking/snapshot';
import { causeText } from './log';

export interface ClientDeps {
  readonly clock: Clock;
  /** The installed instance, if any (browser: `window.collectOnTrackApi`). */
  readonly installed: () => PushMethods | undefined;
  /** Where direct pushes wait for `installed`; shared by the page's clients to keep call order. Default: one per client. */
  readonly line?: DirectLine;
  /** The parent window (events mode). */
  readonly messages: MessageSource;
  /** Where the client's own log goes (no tracker may be installed to take it). */
  readonly log: LogSink;
  /** True outside a browser: every push rejects with 'This method can only be run in a browser environment'. */
  readonly browserOnly?: boolean;
}

/** The option `targetOrigin` as postMessage takes it ('*' by default), or undefined when it is no origin. */
const targetOriginOf = (given: unknown): string | undefined =>
  given === undefined || given === '*' ? '*' : typeof given === 'string' ? originOf(given) : undefined;

const CLIENT_OPTIONS = ['mode', 'emitter', 'version', 'targetOrigin'];

/** A client over the given deps; see the file comment. */
export function createClientWith(given: ClientOptions | undefined, deps: ClientDeps): CollectOnTrackClient {
  const options: ClientOptions = given ?? ({} as ClientOptions);
  const emitterOption: unknown = options.emitter;
  const emitter = identityText(emitterOption);
  // Spec §3: the client adds cot_client_version: the library's when none (or no usable one) is given.
  const versionGiven = identityText(options.version);
  const version = versionGiven ?? CLIENT_VERSION;
  // Anything but a record goes on as it is, for the tracker to refuse ('... must be an object.');
  // a client without an emitter keeps the one the data carries.
  // Data that throws when read (a getter, a Proxy) goes on as it is too: the tracker, or the message
  // writer, reads it again and refuses it in its own words, with the push's failure logged.
  const withIdentity = (data: PushData): PushData => {
    try {
      return isRecord(data) ? { ...data, cot_client_version: version, emitter: emitter ?? data.emitter } : data;
    } catch {
      return data;
    }
  };

  const line = deps.line ?? createDirectLine(deps.clock, deps.installed);
  // An async send: a tracker that throws rejects the push instead of throwing at the caller. A push that
  // waits for the tracker holds a copy taken at the call: the page may change its object right after.
  const direct = (method: PushMethod, data: PushData): Promise<void> => {
    const pushed = deps.installed() === undefined ? (snapshotOf(data) as PushData) : data;
    return line.call(
      async (api) => api[method](withIdentity(pushed)),
      // A push's failure, in the words of any other (spec §4), with the spec's cause.
      () => deps.log(LogLevel.error, Warnings.pushFailed(method, Warnings.notInstalled)),
    );
  };

  // A plain script's likeliest mistakes, named as the install options' are; the pushes go on.
  if (given !== undefined && !isRecord(given)) deps.log(LogLevel.warn, Warnings.optionsNotAnObject('client', given));
  else {
    try {
      for (const key of Object.keys(options)) if (!CLIENT_OPTIONS.includes(key)) deps.log(LogLevel.warn, Warnings.unknownOption(key, 'client'));
    } catch {
      // Options whose keys cannot be read (a Proxy): each option is read on its own below.
    }
    if (emitter === undefined) deps.log(LogLevel.warn, Warnings.clientEmitterNoName(emitterOption));
    if (options.version !== undefined && versionGiven === undefined) {
      deps.log(LogLevel.warn, Warnings.clientVersionUnusable(options.version, CLIENT_VERSION));
    }
  }
  if (options.mode !== undefined && options.mode !== 'direct' && options.mode !== 'events') {
    deps.log(LogLevel.warn, Warnings.invalidClientMode(options.mode));
  }
  const targetOrigin = targetOriginOf(options.targetOrigin);
  if (targetOrigin === undefined && options.mode === 'events') deps.log(LogLevel.warn, Warnings.invalidTargetOrigin(options.targetOrigin));
  // Opened on its own (not framed), an events-mode page posts to itself: only a listening tracker hears it.
  if (options.mode === 'events' && deps.messages.isFramed?.() === false) deps.log(LogLevel.warn, Warnings.eventsModeNotFramed);
  /** The message's JSON text; data it cannot be written from (a cycle, a BigInt, a throwing getter) is named as such. */
  const messageText = (method: PushMethod, data: PushData): string => {
    try {
      const message = withIdentity(data);
      return jsonText({ event_name: KIND_OF[method], message, emitter: emitter ?? (message as { emitter?: unknown }).emitter });
    } catch (error) {
      throw new Error(Warnings.messageNotWritten(KIND_OF[method], causeText(error)));
    }
  };
  // The parent's tracker never hears of what is refused here: the refusal is logged here, as a push's would be.
  const events = async (method: PushMethod, data: PushData): Promise<void> => {
    try {
      // A mistyped origin must not widen to any parent: nothing is posted.
      if (targetOrigin === undefined) throw new Error(Warnings.invalidTargetOrigin(options.targetOrigin));
      // Data that is no record would only be refused by the parent's push, out of this page's sight: refused here, as a direct call would be.
      if (!isRecord(data)) throw new Error(Warnings.entityNotAnObject(KIND_OF[method]));
      deps.messages.postToParent(messageText(method, data), targetOrigin);
    } catch (error) {
      // With the refused data, as the tracker's failure line: the cause is in the text already.
      deps.log(LogLevel.error, Warnings.pushFailed(method, causeText(error)), data);
      throw error;
    }
  };

  const send = deps.browserOnly
    ? async (method: PushMethod) => {
        // Logged as a push's failure is: shared server-render code that forgot the catch sees why.
        deps.log(LogLevel.error, Warnings.pushFailed(method, Warnings.browserOnly));
        throw new Error(Warnings.browserOnly);
      }
    : options.mode === 'events'
      ? events
      : direct;
  const client = {} as Record<PushMethod, (data: PushData) => Promise<void>>;
  for (const method of PUSH_METHODS) client[method] = (data: PushData) => send(method, data);
  return client;
}
