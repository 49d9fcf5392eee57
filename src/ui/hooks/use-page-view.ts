import { useEffect, useRef } from 'react';
import { useTexts } from './use-texts';
import { useTracking } from './use-tracking';

/** What a screen tells the tracker about itself; the language of the texts shown is added. */
export interface PageView {
  readonly page_type: string;
  readonly page_name: string;
  readonly node_level_1?: string;
  readonly node_level_2?: string;
  readonly exactag_site_group?: string;
}

/** Tracking never affects a screen: a push that throws or rejects is ignored (the library logs it). */
export const pushQuietly = (push: () => Promise<void>): void => {
  try {
    void push().catch(() => undefined);
  } catch {
    // ignored: see above
  }
};

/** Pushes the screen's initial page data once, when it is first shown. */
export function usePageView(view: PageView): void {
  const tracking = useTracking();
  const { language } = useTexts();
  const pushed = useRef(false);
  useEffect(() => {
    if (pushed.current) return;
    pushed.current = true;
    pushQuietly(() => tracking.pushInitialPageData({ ...view, language }));
  }, [tracking, language, view]);
}
