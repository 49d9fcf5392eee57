/**
 * Remote logging and error monitoring (spec §7.10, §5): a JSON action record with service, version,
 * view url, session id and context, POSTed to the configured log service. Nothing is sent from
 * localhost or with monitoring off; errors go out only with statistics or marketing consent.
 */
import type { HttpClient, HttpResponse } from '../../ports/http-client';
import { LogLevel, noLog, wrappedCauses, type LogSink } from '../../domain/tracking/log-buffer';
import * as Warnings from '../../domain/tracking/warnings';
import { causeText } from './log';
import { hasStatisticsOrMarketing, type ConsentGroups } from '../../domain/tracking/consent-groups';
import { LIBRARY_VERSION } from '../../domain/tracking/mapping/client-meta';
import type { ResolvedOptions } from './options';

export interface RemoteLoggerDeps {
  readonly http: HttpClient;
  /** The log service's URL; '' (not configured): nothing is sent. */
  readonly url: string;
  /** Install option `monitoring`, and not on localhost. */
  readonly enabled: boolean;
  /** The page URL now (the record's view url; a single-page app's changes with its page data). */
  readonly viewUrl: () => string;
  /** The short-term session id now (`cot_session`). */
  readonly sessionId: () => string | undefined;
  /** The consent groups now active. */
  readonly groups: () => ConsentGroups;
  /** The key, application id and service name the log service knows the library by. */
  readonly identity: ResolvedOptions['remoteLog'];
  /** Where a report the log service refused, missed or never got is told (the library's log, never reported itself). */
  readonly log?: LogSink;
}

/** The action record as the log service receives it. */
export interface ActionRecord {
  service: string;
  application?: { id: string };
  version: string;
  view: { url: string };
  session: { id?: string };
  context: Record<string, unknown>;
}

/**
 * Reports a tracking error (a failed push) with its cause: the context's `cause` names what the
 * error wraps, when it wraps something; `viewUrl`, the page view the push was made on when that is not
 * the current one (a push that waited while the shop moved on). Sent only with consent. Never throws,
 * never rejects.
 */
export type ReportError = (message: string, error?: unknown, viewUrl?: string) => void;

const causeOf = (error: unknown): { cause?: string } => {
  const wrapped = wrappedCauses(error);
  return wrapped === '' ? {} : { cause: wrapped };
};

/**
 * Reports on their way at once, at most: a log service that answers slowly must not take the
 * browser's connections to its host (the shop's, often) from the page; a report beyond them is dropped.
 */
export const MAX_REPORTS_IN_FLIGHT = 2;
const REPORT_REQUEST = 'Error report request';

/** The remote logger's error report, over the HttpClient port (whose requests have a deadline). */
export function createRemoteErrorReport(deps: RemoteLoggerDeps): ReportError {
  const log = deps.log ?? noLog;
  let sending = 0;
  // One line per run of dropped reports, not one per report of a burst.
  let droppedSaid = false;
  const settled = (): void => {
    sending -= 1;
    droppedSaid = false;
  };
  const answered = (response: HttpResponse): void => {
    settled();
    if (!response.ok) log(LogLevel.warn, Warnings.reportFailed(response.status));
  };
  const unanswered = (cause: unknown): void => {
    settled();
    log(LogLevel.warn, Warnings.noAnswer(REPORT_REQUEST, causeText(cause)));
  };
  return (message, error, viewUrl) => {
    if (!deps.enabled || deps.url === '' || !hasStatisticsOrMarketing(deps.groups())) return;
    if (sending >= MAX_REPORTS_IN_FLIGHT) {
      if (!droppedSaid) log(LogLevel.warn, Warnings.reportDropped(MAX_REPORTS_IN_FLIGHT));
      droppedSaid = true;
      return;
    }
    const { key, applicationId, service } = deps.identity;
    const record: ActionRecord = {
      service,
      ...(applicationId !== undefined && { application: { id: applicationId } }),
      version: LIBRARY_VERSION,
      view: { url: viewUrl ?? deps.viewUrl() },
      session: { id: deps.sessionId() },
      context: { level: 'error', message, ...causeOf(error) },
    };
    try {
      sending += 1;
      deps.http
        .send({
          method: 'POST',
          url: deps.url,
          headers: key === undefined ? { 'Content-Type': 'application/json' } : { 'Content-Type': 'application/json', 'x-api-key': key },
          body: record,
        })
        .then(answered, unanswered);
    } catch {
      settled();
      // a throwing client must not turn one failure into two
    }
  };
}
