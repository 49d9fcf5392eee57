/**
 * Pushes in, the pipeline decides, the destinations deliver; each push's promise settles here.
 *
 * A push resolves when the deliveries the pipeline released for it are done, or at once when it was
 * accepted and waits (for the page data or for consent): a push must not hang on a visitor who never
 * consents. Its success is logged before anything chained on its promise runs. Deliveries released later (page data arrived, consent granted) still run; their failure
 * is logged with the push's name and reported, as a failure at push time is.
 */
import type { Delivery, TrackedKind } from '../../domain/tracking/deliveries';
import { LogLevel, type LogSink } from '../../domain/tracking/log-buffer';
import type { ConsentGroups } from '../../domain/tracking/consent-groups';
import type { PageFacts } from '../../domain/tracking/page-facts';
import type { CotcsSource } from '../../domain/tracking/cotcs';
import type { PushOutcome, TrackingPipeline } from '../../domain/tracking/pipeline';
import { snapshotOf } from '../../domain/tracking/snapshot';
import * as Warnings from '../../domain/tracking/warnings';
import type { Destination, DestinationName } from '../../ports/destination';
import { KIND_OF, PUSH_METHODS, type PushMethod } from './push-methods';
import { causeText } from './log';
import { allSettled } from '../../domain/tracking/then-only';

type Data = Record<string, unknown>;

/** What a push carries into the pipeline after the edge has prepared it (converted ids, customer data). */
export interface PreparedPush {
  readonly data: unknown;
  readonly customerData?: unknown;
  /** Page data only: the page read again, when the URL changed without a page load (SPA). */
  readonly facts?: PageFacts;
  /**
   * The data as the page pushed it, when `data` has converted product ids: the product history keeps
   * the ids the page uses (its product tiles carry the same ones), so one product has one entry.
   */
  readonly pushed?: unknown;
  /** Page data only: the page's product source (cotcs), which the product history takes once the page data enters. */
  readonly source?: CotcsSource;
}

export interface RuntimeDeps {
  readonly pipeline: TrackingPipeline;
  readonly destinations: Partial<Record<DestinationName, Destination<Data>>>;
  readonly log: LogSink;
  /**
   * Reports a failed push to the remote logger, with the text it was logged with and, for a push that
   * waited, the address of the page view it was pushed on (the shop may have moved on since).
   */
  readonly reportFailure: (text: string, cause: unknown, viewUrl?: string) => void;
  /** The address of the page view now. */
  readonly viewUrl?: () => string;
  /** Asynchronous preparation (page data: customer data; conversion: new product ids); `undefined` when the push needs none. */
  readonly prepare: (kind: TrackedKind, data: unknown) => Promise<PreparedPush> | undefined;
  /**
   * The customer data as far as it has come (`undefined` until then): a product-source event, which
   * does not wait for the page data, goes to the collector with it.
   */
  readonly customerDataNow?: () => unknown;
  /**
   * What a push still being prepared enters with when the page is left (`flush`), by the data pushed:
   * the part of its preparation known so far (a page data's page, read at its call; the copy of a
   * push made before the page was shown), or nothing.
   */
  readonly preparedSoFar?: (data: unknown) => PreparedPush | undefined;
  /** Called with every accepted push before it enters the pipeline (product history). */
  readonly onAccepted: (kind: TrackedKind, data: unknown, prepared?: PreparedPush) => void;
  /**
   * The settled promise a destination's `track` returns when it delivered during the call (the
   * data-layer destination, when the tag manager called back inside the push).
   */
  readonly deliveredAtOnce?: Promise<void>;
  /**
   * The consent granted now, as the installation knows it (another tab's change to the cookie taken
   * first): what an affiliate call is checked against once its script has loaded, also a call of a
   * session a reset has ended. Default: the pipeline's own.
   */
  readonly consentNow?: () => ConsentGroups;
}

/** Files a delivery's run under a push it belongs to. */
const addRun = (byTicket: Map<number | undefined, Promise<void>[]>, ticket: number | undefined, running: Promise<void>): void => {
  const list = byTicket.get(ticket);
  if (list) list.push(running);
  else byTicket.set(ticket, [running]);
};

/** The first failure cause among `runs` (in their order), or undefined when all succeeded. */
const firstFailure = (runs: Promise<void>[]): Promise<unknown> =>
  runs.length === 1
    ? (runs[0] as Promise<void>).then(noCause, causeOf)
    : allSettled(runs).then((results) => {
        for (const result of results) if (result.status === 'rejected') return causeOf(result.reason);
        return undefined;
      });
const noCause = (): undefined => undefined;
/** A settled promise any number of callers may chain on (nothing to deliver). */
const DONE: Promise<void> = Promise.resolve();
const INDEX_OF = Object.fromEntries(PUSH_METHODS.map((method, index) => [method, index])) as Record<PushMethod, number>;
const causeOf = (reason: unknown): unknown => reason ?? new Error('unknown error');

/** A push that resolved while waiting: its deliveries so far, and the page view it was pushed on. */
interface Waiting {
  readonly runs: Promise<void>[];
  readonly viewUrl: string | undefined;
}

/** The runtime of one installation (a reset builds a new one). */
export interface TrackerRuntime {
  /** One push through the pipeline; see the file comment for when it settles. */
  readonly push: (method: PushMethod, data: unknown) => Promise<void>;
  /** A consent update: delivers what it releases. */
  grantConsent(groups: ConsentGroups): void;
  /**
   * The page is hidden or left: pushes still being prepared enter the pipeline at once, as they are
   * (without customer data, with their ids unconverted), and a page view still waiting for its
   * e-commerce event goes to the affiliate tracker.
   */
  flush(): void;
  /**
   * Forgets the page and everything waiting for it (page data, consent). Pushes still being prepared
   * enter first, as they are (as on leaving the page), unless `enterPrepared` is false (a page never
   * shown tracks nothing): they were accepted before the reset.
   */
  reset(enterPrepared?: boolean): void;
  /** The page read again once parsed: see `TrackingPipeline.pageRead`. */
  pageRead(facts: PageFacts): void;
}

/** A runtime over `deps`. */
export function createRuntime(deps: RuntimeDeps): TrackerRuntime {
  const { pipeline, log, destinations, consentNow } = deps;
  let sequence = 0;
  let preparing = 0;
  let queue: Promise<unknown> = DONE;
  /** Method indexes of the pushes delivered at once whose success is still to be logged (see `settledAtOnce`). */
  let batch: number[] | undefined;
  /**
   * Tickets of the pushes that resolved while waiting (see `PushOutcome.waiting`), with the deliveries
   * each made when pushed: each gets one outcome line, its success once the pipeline holds nothing more
   * of it and all its deliveries are done, or its first failure.
   */
  const waitingTickets = new Map<number, Waiting>();
  /** The waiting pushes (as kept in `waitingTickets`) whose outcome line is given. */
  const told = new WeakSet<Waiting>();
  const methodOf = (ticket: number): PushMethod => PUSH_METHODS[ticket % 8] ?? 'pushInitialPageData';

  const failed = (method: PushMethod, cause: unknown, viewUrl?: string, ...refused: [data: unknown] | []): unknown => {
    batch = undefined;
    const text = Warnings.pushFailed(method, causeText(cause));
    log(LogLevel.error, text, refused.length === 0 ? cause : refused[0]);
    try {
      deps.reportFailure(text, cause, viewUrl);
    } catch {
      // reporting is best effort
    }
    return cause;
  };

  // Per method, built once: what settles a push (no closures per push on the common path).
  const successTexts = PUSH_METHODS.map((method) => Warnings.pushSucceeded(method));
  const succeeded = successTexts.map((text) => (): void => log(LogLevel.success, text));
  const rejected = PUSH_METHODS.map((method) => (reason: unknown): never => {
    throw failed(method, causeOf(reason));
  });

  // Consecutive pushes delivered at once share one settled promise and one microtask that logs their
  // successes in push order (a promise and a reaction per push cost the most under a burst of pushes).
  // The microtask is queued by the first of them, so every success is logged before anything chained
  // on its push runs. Any other way of settling closes the batch: the log keeps the runtime's order.
  const logBatch = (done: number[]): void => {
    if (batch === done) batch = undefined;
    for (const index of done) log(LogLevel.success, successTexts[index] as string);
  };
  const settledAtOnce = (index: number): Promise<void> => {
    if (batch === undefined) {
      const done: number[] = (batch = []);
      void DONE.then(() => logBatch(done));
    }
    batch.push(index);
    return DONE;
  };

  /** True during a destination's call: a push the page makes from inside it waits its turn (see `push`). */
  let delivering = false;
  const run = (delivery: Delivery): Promise<void> => {
    const destination = destinations[delivery.destination];
    if (!destination) return DONE;
    // As it was: a delivery a tag starts from inside another (a consent grant it pushes) ends inside it.
    const outer = delivering;
    delivering = true;
    try {
      if (delivery.destination !== 'exactag') return destination.track(delivery.payload, delivery.ticket);
      return countedWhenSettled(destination.track(delivery.payload, delivery.ticket, () => pipeline.stillAllowed(delivery, consentNow?.())), delivery);
    } catch (error) {
      return Promise.reject(error);
    } finally {
      delivering = outer;
    }
  };
  // Apart from `run`: a closure there would allocate its scope on every delivery.
  /**
   * An affiliate call counts its order or lead once it reached the tracker; a failed one never counted
   * there: the pipeline lets its order or lead go again, and sends a form of it that waited on this call.
   */
  const countedWhenSettled = (running: Promise<void>, delivery: Delivery): Promise<void> =>
    running.then(
      () => void deliver(pipeline.deliverySettled(delivery, true), 0, true),
      (error: unknown) => {
        void deliver(pipeline.deliverySettled(delivery, false), 0, true);
        throw error;
      },
    );

  /**
   * Starts the deliveries in order; returns the runs of `ticket`'s own deliveries (the others settle on
   * their own). Ticket 0 is no push's: tickets start at 8. `released`: a push, a grant or the page hide
   * may have released waiting pushes, so those the pipeline holds nothing more of get their outcome.
   */
  const deliver = (deliveries: Delivery[], ticket = 0, released = false): Promise<void>[] => {
    batch = undefined;
    const byTicket = new Map<number | undefined, Promise<void>[]>();
    for (const delivery of deliveries) {
      const running = run(delivery);
      addRun(byTicket, delivery.ticket, running);
      if (delivery.carries !== undefined) addRun(byTicket, delivery.carries, running);
    }
    const own = byTicket.get(ticket) ?? [];
    byTicket.delete(ticket);
    // A full scan of what waits, so only when something may have been released (not per push).
    const still = released && waitingTickets.size > 0 ? pipeline.waitingTickets() : undefined;
    for (const [other, runs] of byTicket) {
      const made = other === undefined ? undefined : waitingTickets.get(other);
      if (other === undefined || made === undefined) {
        void firstFailure(runs).then((cause) => cause === undefined || log(LogLevel.error, causeText(cause), cause));
        continue;
      }
      // A push without an outcome yet keeps these with its deliveries: its outcome waits for them too.
      made.runs.push(...runs);
      // Complete: the pipeline holds nothing more of it.
      if (still !== undefined && !still.has(other)) conclude(other);
      else {
        void firstFailure(runs).then((cause) => {
          if (cause === undefined || told.has(made)) return;
          if (waitingTickets.delete(other)) tell(made, other, cause);
          else log(LogLevel.error, causeText(cause), cause);
        });
      }
    }
    // Released with nothing to deliver (no destination in the page's scope, a lead without an id).
    if (still) {
      for (const waiting of waitingTickets.keys()) {
        if (!still.has(waiting) && !byTicket.has(waiting)) conclude(waiting);
      }
    }
    return own;
  };

  /** A waiting push's failure line (once: it is marked told). */
  const tell = (made: Waiting, ticket: number, cause: unknown): unknown => {
    told.add(made);
    return failed(methodOf(ticket), cause, made.viewUrl);
  };

  /**
   * The pipeline holds nothing more of a waiting push: its one outcome line once all its deliveries
   * (those made when it was pushed and those released since) are done.
   */
  const conclude = (ticket: number): void => {
    const made = waitingTickets.get(ticket);
    if (!made) return;
    waitingTickets.delete(ticket);
    told.add(made);
    if (pipeline.releasedUnsent(ticket) && made.runs.length === 0) {
      log(LogLevel.warn, Warnings.pushSentNothing(methodOf(ticket)));
      return;
    }
    void firstFailure(made.runs).then((cause) => {
      if (cause === undefined) log(LogLevel.success, Warnings.pushSucceeded(methodOf(ticket)));
      else failed(methodOf(ticket), cause, made.viewUrl);
    });
  };

  const enter = (method: PushMethod, data: unknown, prepared?: PreparedPush): Promise<void> => {
    const kind = KIND_OF[method];
    const index = INDEX_OF[method];
    const ticket = (sequence += 1) * 8 + index;
    let outcome: PushOutcome;
    try {
      const customerData = prepared?.customerData ?? (kind === 'ProductSourceEventData' ? deps.customerDataNow?.() : undefined);
      outcome = pipeline.push({ kind, data, customerData, facts: prepared?.facts, ticket });
    } catch (error) {
      // The page's object threw when a mapper read a field validation had not (a strict Proxy, a getter).
      return Promise.reject(failed(method, error));
    }
    // A refusal's stack is the library's own: the line carries what was refused instead.
    if (!outcome.ok) return Promise.reject(failed(method, new Error(outcome.error), undefined, data));
    try {
      deps.onAccepted(kind, prepared?.pushed ?? data, prepared);
    } catch (error) {
      log(LogLevel.warn, causeText(error), error);
    }
    const { deliveries } = outcome;
    if (outcome.sentNothing && deliveries.length === 0) {
      log(LogLevel.warn, Warnings.pushSentNothing(method));
      return DONE;
    }
    // It may have released waiting pushes (its deliveries carry theirs, or they had none to make).
    const released = outcome.releases && waitingTickets.size > 0;
    if (outcome.waiting) return settleWaiting(method, ticket, deliver(deliveries, ticket, released));
    // The common case: the push's one delivery, nothing released with it; it settles the push directly.
    if (!released && deliveries.length === 1 && (deliveries[0] as Delivery).ticket === ticket) {
      const running = run(deliveries[0] as Delivery);
      if (running === deps.deliveredAtOnce) return settledAtOnce(index);
      batch = undefined;
      return running.then(succeeded[index], rejected[index]);
    }
    const own = deliver(deliveries, ticket, released);
    // All answered during the call (page data's pageview entries): settled in push order with the batch.
    if (own.length > 0 && own.every(answeredAtOnce)) return settledAtOnce(index);
    return own.length === 1 ? (own[0] as Promise<void>).then(succeeded[index], rejected[index]) : settleAll(method, own);
  };
  const answeredAtOnce = (running: Promise<void>): boolean => running === deps.deliveredAtOnce;

  // Kept apart from `enter` and `push`: a function holding closures allocates their scope on every call.
  /** Several (or no) own deliveries: the push settles on their first failure. */
  const settleAll = (method: PushMethod, own: Promise<void>[]): Promise<void> =>
    (own.length === 0 ? DONE : firstFailure(own)).then((cause) => {
      if (cause !== undefined) throw failed(method, cause);
      log(LogLevel.success, Warnings.pushSucceeded(method));
    });

  /**
   * A push that waits (all of it, or part of it) resolves once the deliveries it has now are done; its
   * success is logged when the waiting ones are made (`deliver`), a failure now.
   */
  const settleWaiting = (method: PushMethod, ticket: number, own: Promise<void>[]): Promise<void> => {
    const made: Waiting = { runs: [...own], viewUrl: deps.viewUrl?.() };
    waitingTickets.set(ticket, made);
    log(LogLevel.info, Warnings.pushWaiting(method));
    return own.length === 0
      ? DONE
      : firstFailure(own).then((cause) => {
          if (cause === undefined) return;
          // Logged once: not again when its outcome was given meanwhile (`conclude` logs this one).
          if (told.has(made)) throw cause;
          waitingTickets.delete(ticket);
          throw tell(made, ticket, cause);
        });
  };

  /** A push that was still waiting when the tracker was reset: it resolves, and the log says it was not sent. */
  const dropped = (method: PushMethod): Promise<void> => {
    log(LogLevel.info, Warnings.droppedByReset(method));
    return DONE;
  };

  /** Pushes still waiting for their preparation (or an earlier one's), in call order: each enters the pipeline once. */
  const waitingForPreparation = new Set<() => Promise<void>>();
  let stopped = false;

  /**
   * The push's preparation, if it needs one. Data it cannot read (a revoked proxy, a throwing getter)
   * gets none: it enters as pushed and the validation rejects it, as the spec wants a failed push.
   */
  const prepare = (method: PushMethod, data: unknown): Promise<PreparedPush> | undefined => {
    try {
      return deps.prepare(KIND_OF[method], data);
    } catch {
      return undefined;
    }
  };

  /** A push that waits for its preparation, or for an earlier one's. */
  const enterPrepared = (method: PushMethod, data: unknown, prepared?: Promise<PreparedPush>): Promise<void> => {
    // Pushes enter the pipeline in call order: one that needs preparation holds the ones after it.
    preparing += 1;
    batch = undefined;
    let entered: Promise<void> | undefined;
    // Settles as the push does once it entered: at its turn, or earlier when the page is left.
    let settle: (outcome: Promise<void>) => void = noCause;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const enterOnce = (push?: PreparedPush): Promise<void> => {
      if (entered) return entered;
      preparing -= 1;
      waitingForPreparation.delete(enterEarly);
      entered = stopped ? dropped(method) : enter(method, push ? push.data : data, push);
      settle(entered);
      return entered;
    };
    const enterEarly = (): Promise<void> => entered ?? enterOnce(deps.preparedSoFar?.(data));
    waitingForPreparation.add(enterEarly);
    // Its preparation starts now (its service deadline runs from the push), while the entering waits its turn.
    const own = prepared ?? prepare(method, data);
    own?.catch(noCause);
    const ready = queue.then((): PreparedPush | Promise<PreparedPush> => (entered ? { data } : own ?? { data }));
    queue = ready.then(noCause, noCause);
    void ready.then(enterOnce, () => enterOnce()).catch(noCause);
    return settled;
  };

  return {
    push: (method, data) => {
      // A push that waits holds a copy: the page may change its object right after the call. A push made
      // from inside a delivery (a tag the tag manager fires within the data layer's push) waits for the
      // deliveries under way: it would land between a page view's two entries, and the data-layer model
      // (data-layer-model.ts) would forget it, so that the next event did not unset its keys.
      if (preparing !== 0 || delivering) return enterPrepared(method, snapshotOf(data));
      const prepared = prepare(method, data);
      return prepared === undefined ? enter(method, data) : enterPrepared(method, data, prepared);
    },
    grantConsent: (groups) => void deliver(pipeline.grantConsent(groups), 0, true),
    pageRead: (facts) => pipeline.pageRead(facts),
    flush: () => {
      for (const enterNow of [...waitingForPreparation]) void enterNow().catch(noCause);
      void deliver(pipeline.flush(), 0, true);
    },
    reset: (enterPrepared = true) => {
      if (enterPrepared) for (const enterNow of [...waitingForPreparation]) void enterNow().catch(noCause);
      stopped = true;
      for (const [waiting, made] of waitingTickets) {
        const method = methodOf(waiting);
        log(LogLevel.info, made.runs.length > 0 ? Warnings.partDroppedByReset(method) : Warnings.droppedByReset(method));
      }
      waitingTickets.clear();
      pipeline.reset();
    },
  };
}
