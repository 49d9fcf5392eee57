import type { MouseEvent, ReactNode } from 'react';
import { BackToShopLink } from '../components/back-to-shop-link';
import { SupportBlock } from '../components/support-block';
import { useDocumentLanguage } from '../hooks/use-document-language';
import { useTexts } from '../hooks/use-texts';
import './app-shell.css';

export const MAIN_ID = 'main';

const focusMain = (event: MouseEvent<HTMLAnchorElement>) => {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  // Focus instead of a hash navigation, which the router would treat as a page change.
  event.preventDefault();
  main.focus();
};

/**
 * The page frame of every support screen: a skip link, the header with the shop's name and the
 * back-to-shop link, the `main` landmark holding the screen, the support block beside it, a footer.
 * Keeps `<html lang>` on the language of the texts shown.
 */
export function AppShell({ children }: { children?: ReactNode }) {
  useDocumentLanguage();
  const { t } = useTexts();
  const shopName = t('site.shopName');
  return (
    <div className="app-shell">
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={focusMain}>
        {t('common.skipLink')}
      </a>
      <header className="app-header">
        <p className="logo">
          <span className="logo-shop">{shopName}</span> <span className="logo-service">{t('common.customerService')}</span>
        </p>
        <BackToShopLink />
      </header>
      <div className="app-body">
        <main id={MAIN_ID} tabIndex={-1} className="app-main">
          {children}
        </main>
        <SupportBlock />
      </div>
      <footer className="app-footer">
        <p>{t('common.footerNote')}</p>
        <p>{t('common.copyright', { shopName })}</p>
      </footer>
    </div>
  );
}
