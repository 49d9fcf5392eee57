import { useEffect } from 'react';

/**
 * Sets the document title while the component is shown (or while `title` is not null), and gives the
 * previous one back afterwards.
 */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The contact page's document title in the shop's title pattern. */
export const contactPageTitle = (t: Translate): string =>
  t('common.documentTitle', { page: t('contact.title'), shopName: t('site.shopName') });
