/** The contact screen's texts in Slovak (sk). Placeholders as in `locales/de/contact.ts`. */
export default {
  contact: {
    title: 'Kontakt',
    errorTitle: 'Chyba: {{title}}',
    errorLabel: 'Chyba:',
    eyebrow: 'KONTAKT',
    heading: 'Ako vám môžeme pomôcť?',
    optional: '(nepovinné)',
    /** Under a long text near its limit (from 90 %): how many characters are left, or over. */
    characterCount: { left: 'Zostávajúci počet znakov: {{count}}', over: 'Počet znakov navyše: {{count}}' },
    question: {
      label: 'Vaša otázka',
      hint: 'Už počas písania vám ponúkneme vhodné odpovede.',
    },
    topic: {
      label: 'Téma',
      placeholder: 'Vyberte tému',
      options: {
        order: 'Objednávka',
        delivery: 'Doručenie',
        payment: 'Platba a faktúra',
        voucher: 'Darčeková poukážka',
        loyaltyCard: 'Zákaznícka karta',
        reclaim: 'Reklamácia',
        returnDelivery: 'Vrátenie tovaru',
        account: 'Zákaznícky účet',
        product: 'Produkt',
        feedback: 'Pochvala a kritika',
        accessibility: 'Prístupnosť',
      },
    },
    articleNumber: {
      label: 'Číslo tovaru',
      hint: 'Nájdete ho na stránke produktu a na faktúre.',
    },
    firstName: { label: 'Meno' },
    lastName: { label: 'Priezvisko' },
    email: {
      label: 'E-mailová adresa',
      hint: 'Na túto adresu vám pošleme odpoveď.',
    },
    attachments: {
      label: 'Prílohy',
      hint: 'Najviac {{maxFiles}} súbory vo formáte pdf, png, jpg, jpeg alebo jfif, každý najviac {{maxMb}} MB.',
      choose: 'Vybrať súbory',
      listLabel: 'Vybrané súbory',
      removeShort: 'Odstrániť',
      remove: 'Odstrániť {{name}}',
      added: 'Pridané: {{name}}.',
      removed: 'Súbor {{name}} bol odstránený.',
      refused: 'Súbor „{{name}}“ nebol pridaný: {{reason}}',
      fileError: 'Súbor „{{name}}“: {{reason}}',
      /** How the reason after `refused` / `fileError`'s colon starts: 'lower' or 'keep'. After a colon: lower case. */
      reasonCase: 'lower',
    },
    legalConsent: {
      label: 'Potvrdzujem, že som si prečítal(a) informácie o ochrane osobných údajov.',
    },
    privacy: {
      text: 'Ako narábame s vašimi údajmi, sa dočítate v našich {{link}}.',
      link: 'zásadách ochrany osobných údajov',
      // PLACEHOLDER: the shop's privacy page; the spec does not give its address.
      href: '/ochrana-osobnych-udajov',
    },
    submit: 'Odoslať otázku',
    sending: 'Vaša správa sa odosiela…',
    progress: {
      label: 'Priebeh odosielania',
      status: 'Odosielanie správy: {{percent}} %',
    },
    invalidForm: 'Opravte, prosím, svoje údaje.',
    draftRestored: 'Obnovili sme údaje, ktoré ste ešte neodoslali.',
    draftFilesLost: 'Tieto prílohy sa nepodarilo obnoviť, pridajte ich, prosím, znova: {{files}}.',
    draftFileLost: 'Túto prílohu sa nepodarilo obnoviť, pridajte ju, prosím, znova: {{files}}.',
    draftDiscard: 'Vymazať tieto údaje',
    draftDiscarded: 'Vaše údaje boli vymazané.',
    success: {
      heading: 'Správa odoslaná',
      text: 'Vašu otázku sme odovzdali zákazníckemu servisu. Ďakujeme.',
    },
    failure: {
      text: 'Pre chybu pri prenose sa k nám vaša správa, žiaľ, nedostala. Vaše údaje zostali vo formulári – skúste to, prosím, o niekoľko minút znova. Môžete nám aj napísať na {{email}} alebo zavolať bezplatne na číslo {{phone}}.',
    },
    errors: {
      required: 'Povinné pole: vyplňte ho, prosím.',
      invalid: 'Skontrolujte, prosím, tento údaj.',
      site: { invalid: 'Túto verziu obchodu nepoznáme. Načítajte, prosím, stránku znova.' },
      question: {
        required: 'Povinné pole: zadajte, prosím, svoju otázku.',
        tooLong: 'Otázka je príliš dlhá (maximálny počet znakov: {{max}}).',
      },
      topic: { required: 'Vyberte, prosím, tému.' },
      articleNumber: {
        required: 'Povinné pole: zadajte, prosím, číslo tovaru.',
        tooLong: 'Číslo tovaru je príliš dlhé (maximálny počet znakov: {{max}}).',
      },
      firstName: {
        required: 'Povinné pole: zadajte, prosím, svoje meno.',
        tooLong: 'Meno je príliš dlhé (maximálny počet znakov: {{max}}).',
      },
      lastName: {
        required: 'Povinné pole: zadajte, prosím, svoje priezvisko.',
        tooLong: 'Priezvisko je príliš dlhé (maximálny počet znakov: {{max}}).',
      },
      email: {
        required: 'Povinné pole: zadajte, prosím, svoju e-mailovú adresu.',
        invalid: 'Neplatná e-mailová adresa.',
        tooLong: 'E-mailová adresa je príliš dlhá (maximálny počet znakov: {{max}}).',
      },
      legalConsent: { required: 'Prečítajte si, prosím, informácie o ochrane osobných údajov a potvrďte ich.' },
      attachments: {
        tooMany: 'Môžete priložiť najviac {{maxFiles}} súbory.',
        tooLarge: 'Súbor môže mať najviac {{maxMb}} MB.',
        wrongType: 'Vyberte, prosím, súbor vo formáte jpg, png alebo pdf.',
        content: 'Obsah súboru nie je JPG, PNG ani PDF, hoci to názov naznačuje (napr. fotografia vo formáte HEIC). Uložte, prosím, súbor ako JPG alebo PDF a vyberte ho znova.',
        empty: 'Súbor je prázdny.',
        unreadable: 'Súbor sa už nedá prečítať: po výbere bol zmenený, presunutý alebo vymazaný. Odstráňte ho a vyberte ho znova.',
        duplicate: 'Tento súbor je už priložený.',
      },
    },
  },
};
