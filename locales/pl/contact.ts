/** The contact screen's texts in Polish (pl). Placeholders as in `locales/de/contact.ts`. */
export default {
  contact: {
    title: 'Kontakt',
    errorTitle: 'Błąd: {{title}}',
    errorLabel: 'Błąd:',
    eyebrow: 'KONTAKT',
    heading: 'Jak możemy Ci pomóc?',
    optional: '(opcjonalnie)',
    /** Under a long text near its limit (from 90 %): how many characters are left, or over. */
    characterCount: { left: 'Pozostała liczba znaków: {{count}}', over: 'Liczba znaków ponad limit: {{count}}' },
    question: {
      label: 'Twoje pytanie',
      hint: 'Już podczas pisania podpowiemy Ci pasujące odpowiedzi.',
    },
    topic: {
      label: 'Temat',
      placeholder: 'Wybierz temat',
      options: {
        order: 'Zamówienie',
        delivery: 'Dostawa',
        payment: 'Płatność i faktura',
        voucher: 'Bon podarunkowy',
        loyaltyCard: 'Karta stałego klienta',
        reclaim: 'Reklamacja',
        returnDelivery: 'Zwrot',
        account: 'Konto klienta',
        product: 'Produkt',
        feedback: 'Opinie i sugestie',
        accessibility: 'Dostępność',
      },
    },
    articleNumber: {
      label: 'Numer artykułu',
      hint: 'Znajdziesz go na stronie produktu i na fakturze.',
    },
    firstName: { label: 'Imię' },
    lastName: { label: 'Nazwisko' },
    email: {
      label: 'Adres e-mail',
      hint: 'Na ten adres wyślemy odpowiedź.',
    },
    attachments: {
      label: 'Załączniki',
      hint: 'Maksymalnie {{maxFiles}} pliki w formacie pdf, png, jpg, jpeg lub jfif, każdy do {{maxMb}} MB.',
      choose: 'Wybierz pliki',
      listLabel: 'Wybrane pliki',
      removeShort: 'Usuń',
      remove: 'Usuń {{name}}',
      added: 'Dodano: {{name}}.',
      removed: 'Usunięto plik {{name}}.',
      refused: 'Nie dodano pliku „{{name}}”: {{reason}}',
      fileError: 'Plik „{{name}}”: {{reason}}',
      /** How the reason after `refused` / `fileError`'s colon starts: 'lower' or 'keep'. After a colon: lower case. */
      reasonCase: 'lower',
    },
    legalConsent: {
      label: 'Potwierdzam zapoznanie się z informacją o ochronie danych osobowych.',
    },
    privacy: {
      text: 'Informacje o tym, jak przetwarzamy Twoje dane, znajdziesz w naszej {{link}}.',
      link: 'polityce prywatności',
      // PLACEHOLDER: the shop's privacy page; the spec does not give its address.
      href: '/polityka-prywatnosci',
    },
    submit: 'Wyślij pytanie',
    sending: 'Wysyłamy Twoją wiadomość…',
    progress: {
      label: 'Postęp wysyłania',
      status: 'Wysyłanie wiadomości: {{percent}}%',
    },
    invalidForm: 'Sprawdź i popraw wprowadzone dane.',
    draftRestored: 'Przywróciliśmy dane, których jeszcze nie wysłano.',
    draftFilesLost: 'Nie udało się przywrócić tych załączników, dodaj je ponownie: {{files}}.',
    draftFileLost: 'Nie udało się przywrócić tego załącznika, dodaj go ponownie: {{files}}.',
    draftDiscard: 'Usuń te dane',
    draftDiscarded: 'Dane zostały usunięte.',
    success: {
      heading: 'Wiadomość wysłana',
      text: 'Twoje pytanie zostało przekazane do obsługi klienta. Dziękujemy.',
    },
    failure: {
      text: 'Z powodu błędu transmisji Twoja wiadomość niestety do nas nie dotarła. Twoje dane nadal są w formularzu – spróbuj ponownie za kilka minut. Możesz też napisać do nas na adres {{email}} lub zadzwonić bezpłatnie pod numer {{phone}}.',
    },
    errors: {
      required: 'Pole obowiązkowe: uzupełnij to pole.',
      invalid: 'Sprawdź tę informację.',
      site: { invalid: 'Nie znamy tej wersji sklepu. Odśwież stronę.' },
      question: {
        required: 'Pole obowiązkowe: wpisz swoje pytanie.',
        tooLong: 'Pytanie jest za długie (maksymalna liczba znaków: {{max}}).',
      },
      topic: { required: 'Wybierz temat.' },
      articleNumber: {
        required: 'Pole obowiązkowe: wpisz numer artykułu.',
        tooLong: 'Numer artykułu jest za długi (maksymalna liczba znaków: {{max}}).',
      },
      firstName: {
        required: 'Pole obowiązkowe: wpisz swoje imię.',
        tooLong: 'Imię jest za długie (maksymalna liczba znaków: {{max}}).',
      },
      lastName: {
        required: 'Pole obowiązkowe: wpisz swoje nazwisko.',
        tooLong: 'Nazwisko jest za długie (maksymalna liczba znaków: {{max}}).',
      },
      email: {
        required: 'Pole obowiązkowe: wpisz swój adres e-mail.',
        invalid: 'Nieprawidłowy adres e-mail.',
        tooLong: 'Adres e-mail jest za długi (maksymalna liczba znaków: {{max}}).',
      },
      legalConsent: { required: 'Przeczytaj i potwierdź informację o ochronie danych osobowych.' },
      attachments: {
        tooMany: 'Możesz dołączyć maksymalnie {{maxFiles}} pliki.',
        tooLarge: 'Plik może mieć maksymalnie {{maxMb}} MB.',
        wrongType: 'Wybierz plik w formacie jpg, png lub pdf.',
        content: 'Zawartość pliku nie jest w formacie JPG, PNG ani PDF, choć wskazuje na to nazwa (np. zdjęcie w formacie HEIC). Zapisz plik jako JPG lub PDF i wybierz go ponownie.',
        empty: 'Plik jest pusty.',
        unreadable: 'Nie można już odczytać pliku: po wybraniu został zmieniony, przeniesiony lub usunięty. Usuń go i wybierz ponownie.',
        duplicate: 'Ten plik jest już załączony.',
      },
    },
  },
};
