import { useLayoutEffect } from 'react';
import { useTexts } from './use-texts';

/**
 * Keeps `<html lang>` on the language of the texts shown (`de-CH`, `fr-CH`, `tr`, ...), set in the same
 * commit as the texts so a screen reader never reads them in the previous language's voice.
 */
export function useDocumentLanguage(): void {
  const { language } = useTexts();
  useLayoutEffect(() => {
    // Only a change: setting the same value again would make the browser restyle the whole page.
    if (document.documentElement.lang !== language) document.documentElement.lang = language;
  }, [language]);
}
