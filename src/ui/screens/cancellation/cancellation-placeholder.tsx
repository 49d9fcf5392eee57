import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePageView } from '../../hooks/use-page-view';
import { useTexts } from '../../hooks/use-texts';

const CANCELLATION_VIEW = { page_type: 'cancellation', page_name: 'cancellation', node_level_1: 'service', node_level_2: 'cancellation', exactag_site_group: 'coffee_subscription' };
const SUCCESS_VIEW = { ...CANCELLATION_VIEW, page_name: 'cancellation success' };

/**
 * Stands in for the cancellation and cancellation-success screens until they are built: their heading
 * and an honest note that the form is not available here yet (the support block beside it offers the
 * way to customer service). Reached only on the DACH sites (the route's guard).
 */
export function CancellationPlaceholder({ step }: { step: 'form' | 'success' }) {
  const { t } = useTexts();
  const success = step === 'success';
  usePageView(success ? SUCCESS_VIEW : CANCELLATION_VIEW);
  useDocumentTitle(
    t('common.documentTitle', {
      page: t(success ? 'cancellation.successTitle' : 'cancellation.title'),
      shopName: t('site.shopName'),
    }),
  );
  return (
    <section aria-labelledby="cancellation-title">
      <h1 id="cancellation-title">{t(success ? 'cancellation.successHeading' : 'cancellation.heading')}</h1>
      <p>{t(success ? 'cancellation.successUnavailable' : 'cancellation.unavailable')}</p>
      {success ? null : <p>{t('cancellation.selfService')}</p>}
    </section>
  );
}
