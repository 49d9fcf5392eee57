/** Hungarian texts of the page frame, the error page and the support block. Cancellation: empty (spec §2: the screen is DACH only). */
import type { CommonTexts } from '../de/common';

const common = {
  common: {
    skipLink: 'Ugrás a tartalomhoz',
    customerService: 'Ügyfélszolgálat',
    backToShop: 'Vissza a webáruházba',
    documentTitle: '{{page}} | {{shopName}} ügyfélszolgálat',
    footerNote: 'Szívesen segítünk.',
    copyright: '© {{shopName}}',
    /** Shown when JavaScript is off (the server puts it into the page's <noscript>). */
    noscript: 'A kapcsolatfelvételi űrlap használatához kérjük, engedélyezze a JavaScriptet.',
  },
  error: {
    titleLanguage: 'en',
    notFoundTitle: 'Page Not Found',
    notFoundMessage: 'Page not found: {{path}}',
    notFoundDescription: 'A keresett oldal sajnos nem létezik. Ügyfélszolgálatunkat a kapcsolatfelvételi űrlapon keresztül érheti el.',
    serverTitle: 'Internal Server Error',
    serverDescription: 'Sajnos hiba történt. Kérjük, próbálja újra néhány perc múlva.',
    loadFailedTitle: 'Az oldal nem töltődött be teljesen',
    loadFailed: 'Az oldal egy része nem töltődött be. Kérjük, ellenőrizze a kapcsolatot, és töltse be újra az oldalt.',
    status: 'Állapot: {{status}}',
    toContact: 'Tovább a kapcsolatfelvételi űrlapra',
  },
  supportBlock: {
    title: 'Ügyfélszolgálatunk az Ön rendelkezésére áll',
    intro: 'Kérdése van? Hívjon minket, vagy írjon nekünk e-mailt.',
    addressLabel: 'Postacím',
    emailLabel: 'E-mail',
    phoneLabel: 'Telefon',
    tollFreeLabel: 'Zöldszám',
    hoursLabel: 'Ügyfélszolgálati idő',
  },
} satisfies CommonTexts;

export default common;
