/** Slovak texts of the page frame, the error page and the support block. Cancellation: empty (spec §2: the screen is DACH only). */
import type { CommonTexts } from '../de/common';

const common = {
  common: {
    skipLink: 'Prejsť na obsah',
    customerService: 'Zákaznícky servis',
    backToShop: 'Späť do obchodu',
    documentTitle: '{{page}} | Zákaznícky servis {{shopName}}',
    footerNote: 'Radi vám pomôžeme.',
    copyright: '© {{shopName}}',
    /** Shown when JavaScript is off (the server puts it into the page's <noscript>). */
    noscript: 'Ak chcete použiť kontaktný formulár, povoľte, prosím, JavaScript.',
  },
  error: {
    titleLanguage: 'en',
    notFoundTitle: 'Page Not Found',
    notFoundMessage: 'Page not found: {{path}}',
    notFoundDescription: 'Požadovaná stránka, žiaľ, neexistuje. Zákaznícky servis môžete kontaktovať prostredníctvom nášho kontaktného formulára.',
    serverTitle: 'Internal Server Error',
    serverDescription: 'Žiaľ, nastala chyba. Skúste to, prosím, znova o niekoľko minút.',
    loadFailedTitle: 'Stránka sa nenačítala celá',
    loadFailed: 'Časť stránky sa nepodarilo načítať. Skontrolujte, prosím, pripojenie a načítajte stránku znova.',
    status: 'Stav: {{status}}',
    toContact: 'Prejsť na kontaktný formulár',
  },
  supportBlock: {
    title: 'Náš zákaznícky servis je tu pre vás',
    intro: 'Máte otázku? Zavolajte nám alebo nám napíšte e-mail.',
    addressLabel: 'Poštová adresa',
    emailLabel: 'E-mail',
    phoneLabel: 'Telefón',
    tollFreeLabel: 'Bezplatná linka',
    hoursLabel: 'Prevádzková doba',
  },
} satisfies CommonTexts;

export default common;
