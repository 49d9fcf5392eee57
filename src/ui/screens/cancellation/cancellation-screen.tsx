import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { ORDINARY_CANCELLATION_WINDOW_DAYS, type CancellationRequest } from '../../../domain/support/cancellation-request';
import { sendOutcomeEvent } from '../../../domain/support/send-outcome-event';
import { isDach } from '../../../domain/support/sites';
import type { CancellationSubmission } from '../../../ports/cancellation-submission';
import type { SubmissionOutcome } from '../../../ports/contact-submission';
import { pushQuietly, usePageView } from '../../hooks/use-page-view';
import { useSite } from '../../hooks/use-site';
import { useTexts } from '../../hooks/use-texts';
import { useTracking } from '../../hooks/use-tracking';
import '../contact/contact.css';
import { CancellationForm } from './cancellation-form';
import { CANCELLATION_VIEW } from './cancellation-view';
import type { SentCancellation } from './sent-cancellation';

export interface CancellationScreenProps {
  readonly submission: CancellationSubmission;
  /** The success page's path under the page's prefix. */
  readonly successPath: string;
  /** Opens a path of the app with a history state (the router's navigate, handed in by the app). */
  readonly navigate: (to: string, state: unknown) => void;
}

/**
 * The cancellation screen (support spec §2): heading, self-service hint, info box, the form, and a
 * link back to the shop's home page. A stored cancellation opens the success page, which is handed
 * what was sent (the history entry's state).
 */
export function CancellationScreen({ submission, successPath, navigate }: CancellationScreenProps) {
  const site = useSite();
  const { t } = useTexts();
  const tracking = useTracking();
  const { search } = useLocation();
  usePageView(CANCELLATION_VIEW);
  // A send answered after the shopper left the form inside the app does not pull them back to it.
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const onSent = useCallback(
    (request: CancellationRequest, id: string, receivedAt: string | undefined) => {
      if (!shown.current) return;
      // The service's time of storing; this device's clock only when the service did not say.
      const stored = receivedAt === undefined ? Number.NaN : Date.parse(receivedAt);
      const sentAt = Date.now();
      const state: SentCancellation = { request, id, receivedAt: Number.isFinite(stored) ? stored : sentAt, sentAt };
      navigate(successPath + search, { cancellation: state });
    },
    [navigate, successPath, search],
  );
  const onOutcome = useCallback(
    (outcome: SubmissionOutcome) => pushQuietly(() => tracking.pushCustomEvent(sendOutcomeEvent(outcome, 'cancellation_form'))),
    [tracking],
  );
  return (
    <section className="contact cancellation" aria-labelledby="cancellation-title">
      <h1 className="contact-heading" id="cancellation-title">
        {t('cancellation.heading')}
      </h1>
      <p>{t('cancellation.intro')}</p>
      <p className="cancellation-self-service">{t('cancellation.selfService')}</p>
      <section className="cancellation-info" aria-labelledby="cancellation-info-title">
        <h2 className="cancellation-subheading" id="cancellation-info-title">
          {t('cancellation.info.title')}
        </h2>
        <ul>
          <li>{t('cancellation.info.ordinary', { days: isDach(site) ? ORDINARY_CANCELLATION_WINDOW_DAYS[site] : '' })}</li>
          <li>{t('cancellation.info.machine')}</li>
          <li>{t('cancellation.info.extraordinary')}</li>
        </ul>
      </section>
      <CancellationForm site={site} submission={submission} onSent={onSent} onOutcome={onOutcome} />
      <p className="cancellation-home">
        <a href={t('site.shopUrl')}>
          <span aria-hidden="true">← </span>
          {t('cancellation.backHome')}
        </a>
      </p>
    </section>
  );
}
