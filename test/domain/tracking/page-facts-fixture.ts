import type { PageFacts } from '../../../src/domain/tracking/page-facts';

/** The facts of a production page of the German shop at `path`, as the pipeline tests read it. */
export const pageFactsAt = (path: string): PageFacts => ({
  site: 'de',
  context: { page_path: path, referrer_class: 'direct', screen_breakpoint: 'XXL', device_type: 'no mobile', environment: 'production', site: 'de' },
  firstPartyPage: { url: `https://www.shop.example${path}`, hostname: 'www.shop.example', page_path: path },
  appContext: false,
  campaignId: 'CAMPAIGN-DE',
});
