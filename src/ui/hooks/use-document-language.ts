import { useEffect } from 'react';
import { useTexts } from './use-texts';

/** Keeps `<html lang>` on the language of the texts shown (`de-CH`, `fr-CH`, `tr`, ...). */
export function useDocumentLanguage(): void {
  const { language } = useTexts();
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
}
