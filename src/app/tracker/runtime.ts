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
import { Warnings } from '../../domain/tracking/warnings';
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

const settleAll = (runs: Promise<void>[]): Promise<unknown> =>
  runs.length === 0
    ? Promise.resolve(undefined)
    : Promise.allSettled(runs).then((results) => {
        for (const result of results) if (result.status === 'rejected') return result.reason ?? new Error('unknown error');
        return undefined;
      });

/** The runtime of one installation (a reset builds a new one). */
export class TrackerRuntime {
  private sequence = 0;
  private preparing = 0;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: RuntimeDeps) {}

  /** One push through the pipeline; see the file comment for when it settles. */
  push(method: PushMethod, data: unknown): Promise<void> {
    const kind = KIND_OF[method];
    const prepared = this.preparing === 0 ? this.deps.prepare(kind, data) : undefined;
    if (prepared === undefined && this.preparing === 0) return this.enter(method, { data });
    // Pushes enter the pipeline in call order: one that needs preparation holds the ones after it.
    this.preparing += 1;
    const ready = this.queue.then(() => prepared ?? this.deps.prepare(kind, data) ?? { data });
    this.queue = ready.then(
      () => undefined,
      () => undefined,
    );
    return ready.then(
      (push) => {
        this.preparing -= 1;
        return this.enter(method, push);
      },
      () => {
        this.preparing -= 1;
        return this.enter(method, { data });
      },
    );
  }

  /** A consent update: delivers what it releases. */
  grantConsent(groups: ConsentGroups): void {
    this.deliver(this.deps.pipeline.grantConsent(groups), undefined);
  }

  /** The page is left: a page view still waiting for its e-commerce event goes to the affiliate tracker. */
  flush(): void {
    this.deliver(this.deps.pipeline.flush(), undefined);
  }

  /** Forgets the page and everything waiting. */
  reset(): void {
    this.deps.pipeline.reset();
  }

  private enter(method: PushMethod, push: PreparedPush): Promise<void> {
    const { pipeline, log } = this.deps;
    const kind = KIND_OF[method];
    const ticket = (this.sequence += 1) * 8 + PUSH_METHODS.indexOf(method);
    const outcome = pipeline.push({ kind, data: push.data, customerData: push.customerData, ticket });
    if (!outcome.ok) return Promise.reject(this.failed(method, new Error(outcome.error)));
    try {
      this.deps.onAccepted?.(kind, push.data);
    } catch (error) {
      log(LogLevel.warn, causeText(error), error);
    }
    return this.deliver(outcome.deliveries, ticket).then((cause) => {
      if (cause !== undefined) throw this.failed(method, cause);
      log(LogLevel.success, Warnings.pushSucceeded(method));
    });
  }

  /** Runs the deliveries in order; resolves with the first failure cause of `ticket`'s own deliveries. */
  private deliver(deliveries: Delivery[], ticket: number | undefined): Promise<unknown> {
    if (deliveries.length === 0) return Promise.resolve(undefined);
    const own: Promise<void>[] = [];
    let others: Map<number | undefined, Promise<void>[]> | undefined;
    for (const delivery of deliveries) {
      const run = this.run(delivery);
      if (delivery.ticket === ticket && ticket !== undefined) own.push(run);
      else {
        others ??= new Map();
        const list = others.get(delivery.ticket) ?? [];
        list.push(run);
        others.set(delivery.ticket, list);
      }
    }
    for (const [other, runs] of others ?? []) {
      void settleAll(runs).then((cause) => {
        if (cause === undefined) return;
        if (other === undefined) this.deps.log(LogLevel.error, causeText(cause), cause);
        else this.failed(PUSH_METHODS[other % 8] ?? 'pushInitialPageData', cause);
      });
    }
    return settleAll(own);
  }

  private run(delivery: Delivery): Promise<void> {
    const destination = this.deps.destinations[delivery.destination];
    if (!destination) return Promise.resolve();
    try {
      return destination.track(delivery.payload);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private failed(method: PushMethod, cause: unknown): unknown {
    this.deps.log(LogLevel.error, Warnings.pushFailed(method, causeText(cause)), cause);
    try {
      this.deps.reportFailure(method, cause);
    } catch {
      // reporting is best effort
    }
    return cause;
  }
}
