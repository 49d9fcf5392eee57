/** Czech texts of the page frame, the error page and the support block. Cancellation: empty (spec §2: the screen is DACH only). */
import type { CommonTexts } from '../de/common';

const common = {
  common: {
    skipLink: 'Přejít na obsah',
    customerService: 'Zákaznický servis',
    backToShop: 'Zpět do obchodu',
    documentTitle: '{{page}} | Zákaznický servis {{shopName}}',
    footerNote: 'Rádi vám pomůžeme.',
    copyright: '© {{shopName}}',
    /** Shown when JavaScript is off (the server puts it into the page's <noscript>). */
    noscript: 'Chcete-li použít kontaktní formulář, povolte prosím JavaScript.',
  },
  error: {
    titleLanguage: 'en',
    notFoundTitle: 'Page Not Found',
    notFoundMessage: 'Page not found: {{path}}',
    notFoundDescription: 'Požadovaná stránka bohužel neexistuje. Zákaznický servis můžete kontaktovat prostřednictvím našeho kontaktního formuláře.',
    serverTitle: 'Internal Server Error',
    serverDescription: 'Bohužel došlo k chybě. Zkuste to prosím znovu za několik minut.',
    loadFailedTitle: 'Stránka se nenačetla celá',
    loadFailed: 'Část stránky se nepodařilo načíst. Zkontrolujte prosím připojení a načtěte stránku znovu.',
    status: 'Stav: {{status}}',
    toContact: 'Přejít na kontaktní formulář',
  },
  supportBlock: {
    title: 'Náš zákaznický servis je tu pro vás',
    intro: 'Máte dotaz? Zavolejte nám nebo nám napište e-mail.',
    addressLabel: 'Poštovní adresa',
    emailLabel: 'E-mail',
    phoneLabel: 'Telefon',
    tollFreeLabel: 'Bezplatná linka',
    hoursLabel: 'Provozní doba',
  },
} satisfies CommonTexts;

export default common;
