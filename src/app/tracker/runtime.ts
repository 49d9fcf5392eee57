/**
 * Pushes in, the pipeline decides, the destinations deliver; each push's promise settles here.
 *
 * A push resolves when the deliveries the pipeline released for it are done, or at once when it was
 * accepted and waits (for the page data or for consent): a push must not hang on a visitor who never
 * consents. Deliveries released later (page data arrived, consent granted) still run; their failure
 * is logged with the push's name and reported, as a failure at push time is.
 */
import type { Delivery, TrackedKind } from '../../domain/tracking/deliveries';
import { LogLevel, type LogSink } from '../../domain/tracking/log-buffer';
import type { ConsentGroups } from '../../domain/tracking/consent-groups';
import type { TrackingPipeline } from '../../domain/tracking/pipeline';
import * as Warnings from '../../domain/tracking/warnings';
import type { Destination, DestinationName } from '../../ports/destination';
import { KIND_OF, PUSH_METHODS, type PushMethod } from './push-methods';
import { causeText } from './log';

type Data = Record<string, unknown>;

/** What a push carries into the pipeline after the edge has prepared it (converted ids, customer data). */
export interface PreparedPush {
  readonly data: unknown;
  readonly customerData?: unknown;
}

export interface RuntimeDeps {
  readonly pipeline: TrackingPipeline;
  readonly destinations: Partial<Record<DestinationName, Destination<Data>>>;
  readonly log: LogSink;
  /** Reports a failed push to the remote logger. */
  readonly reportFailure: (method: PushMethod, cause: unknown) => void;
  /** Asynchronous preparation (page data: customer data; conversion: new product ids); `undefined` when the push needs none. */
  readonly prepare: (kind: TrackedKind, data: unknown) => Promise<PreparedPush> | undefined;
  /** Called with every accepted push before it enters the pipeline (product history). */
  readonly onAccepted?: (kind: TrackedKind, data: unknown) => void;
}

/** The first failure cause among `runs` (in their order), or undefined when all succeeded. */
const firstFailure = (runs: Promise<void>[]): Promise<unknown> =>
  runs.length === 1
    ? (runs[0] as Promise<void>).then(noCause, causeOf)
    : Promise.allSettled(runs).then((results) => {
        for (const result of results) if (result.status === 'rejected') return causeOf(result.reason);
        return undefined;
      });
const noCause = (): undefined => undefined;
const causeOf = (reason: unknown): unknown => reason ?? new Error('unknown error');

/** The runtime of one installation (a reset builds a new one). */
export interface TrackerRuntime {
  /** One push through the pipeline; see the file comment for when it settles. */
  push(method: PushMethod, data: unknown): Promise<void>;
  /** A consent update: delivers what it releases. */
  grantConsent(groups: ConsentGroups): void;
  /** The page is left: a page view still waiting for its e-commerce event goes to the affiliate tracker. */
  flush(): void;
  /** Forgets the page and everything waiting. */
  reset(): void;
}

/** A runtime over `deps`. */
export function createRuntime(deps: RuntimeDeps): TrackerRuntime {
  const { pipeline, log } = deps;
  let sequence = 0;
  let preparing = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const failed = (method: PushMethod, cause: unknown): unknown => {
    log(LogLevel.error, Warnings.pushFailed(method, causeText(cause)), cause);
    try {
      deps.reportFailure(method, cause);
    } catch {
      // reporting is best effort
    }
    return cause;
  };

  const run = (delivery: Delivery): Promise<void> => {
    const destination = deps.destinations[delivery.destination];
    if (!destination) return Promise.resolve();
    try {
      return destination.track(delivery.payload);
    } catch (error) {
      return Promise.reject(error);
    }
  };

  /** Starts the deliveries in order; returns the runs of `ticket`'s own deliveries (the others settle on their own). */
  const deliver = (deliveries: Delivery[], ticket?: number): Promise<void>[] => {
    const own: Promise<void>[] = [];
    let others: Map<number | undefined, Promise<void>[]> | undefined;
    for (const delivery of deliveries) {
      const running = run(delivery);
      if (delivery.ticket === ticket && ticket !== undefined) own.push(running);
      else {
        others ??= new Map();
        const list = others.get(delivery.ticket);
        if (list) list.push(running);
        else others.set(delivery.ticket, [running]);
      }
    }
    for (const [other, runs] of others ?? []) {
      void firstFailure(runs).then((cause) => {
        if (cause === undefined) return;
        if (other === undefined) log(LogLevel.error, causeText(cause), cause);
        else failed(PUSH_METHODS[other % 8] ?? 'pushInitialPageData', cause);
      });
    }
    return own;
  };

  const enter = (method: PushMethod, push: PreparedPush): Promise<void> => {
    const kind = KIND_OF[method];
    const ticket = (sequence += 1) * 8 + PUSH_METHODS.indexOf(method);
    const outcome = pipeline.push({ kind, data: push.data, customerData: push.customerData, ticket });
    if (!outcome.ok) return Promise.reject(failed(method, new Error(outcome.error)));
    try {
      deps.onAccepted?.(kind, push.data);
    } catch (error) {
      log(LogLevel.warn, causeText(error), error);
    }
    const own = deliver(outcome.deliveries, ticket);
    // One delivery (the common case) settles the push directly; several settle on their first failure.
    return own.length === 1
      ? (own[0] as Promise<void>).then(
          () => log(LogLevel.success, Warnings.pushSucceeded(method)),
          (reason: unknown) => {
            throw failed(method, causeOf(reason));
          },
        )
      : (own.length === 0 ? Promise.resolve(undefined) : firstFailure(own)).then((cause) => {
          if (cause !== undefined) throw failed(method, cause);
          log(LogLevel.success, Warnings.pushSucceeded(method));
        });
  };

  return {
    push(method, data) {
      const kind = KIND_OF[method];
      const prepared = preparing === 0 ? deps.prepare(kind, data) : undefined;
      if (prepared === undefined && preparing === 0) return enter(method, { data });
      // Pushes enter the pipeline in call order: one that needs preparation holds the ones after it.
      preparing += 1;
      const ready = queue.then(() => prepared ?? deps.prepare(kind, data) ?? { data });
      queue = ready.then(noCause, noCause);
      return ready.then(
        (push) => {
          preparing -= 1;
          return enter(method, push);
        },
        () => {
          preparing -= 1;
          return enter(method, { data });
        },
      );
    },
    grantConsent: (groups) => void deliver(pipeline.grantConsent(groups)),
    flush: () => void deliver(pipeline.flush()),
    reset: () => pipeline.reset(),
  };
}
