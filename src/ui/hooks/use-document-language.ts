import { useEffect } from 'react';
import { useTexts } from './use-texts';

/** Keeps `<html lang>` on the language of the texts shown (`de-CH`, `fr-CH`, `tr`, ...). */
export function useDocumentLanguage(): void {
  const { language } = useTexts();
  useEffect(() => {
    // Only a change: setting the same value again would make the browser restyle the whole page.
    if (document.documentElement.lang !== language) document.documentElement.lang = language;
  }, [language]);
}
