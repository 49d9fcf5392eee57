/** Polish texts of the page frame, the error page and the support block. Cancellation: empty (spec §2: the screen is DACH only). */
import type { CommonTexts } from '../de/common';

const common = {
  common: {
    skipLink: 'Przejdź do treści',
    customerService: 'Obsługa klienta',
    backToShop: 'Powrót do sklepu',
    documentTitle: '{{page}} | Obsługa klienta {{shopName}}',
    footerNote: 'Chętnie pomożemy.',
    copyright: '© {{shopName}}',
    /** Shown when JavaScript is off (the server puts it into the page's <noscript>). */
    noscript: 'Aby skorzystać z formularza kontaktowego, włącz obsługę JavaScriptu.',
  },
  error: {
    titleLanguage: 'en',
    notFoundTitle: 'Page Not Found',
    notFoundMessage: 'Page not found: {{path}}',
    notFoundDescription: 'Niestety nie znaleźliśmy tej strony. Z obsługą klienta skontaktujesz się przez nasz formularz kontaktowy.',
    serverTitle: 'Internal Server Error',
    serverDescription: 'Niestety wystąpił błąd. Spróbuj ponownie za kilka minut.',
    loadFailedTitle: 'Strona nie została w pełni załadowana',
    loadFailed: 'Nie udało się wczytać części strony. Sprawdź połączenie i odśwież stronę.',
    status: 'Status: {{status}}',
    toContact: 'Przejdź do formularza kontaktowego',
  },
  supportBlock: {
    title: 'Obsługa klienta – jesteśmy tu dla Ciebie',
    intro: 'Masz pytania? Zadzwoń lub napisz do nas.',
    addressLabel: 'Adres pocztowy',
    emailLabel: 'E-mail',
    phoneLabel: 'Telefon',
    tollFreeLabel: 'Bezpłatna infolinia',
    hoursLabel: 'Godziny pracy',
  },
} satisfies CommonTexts;

export default common;
