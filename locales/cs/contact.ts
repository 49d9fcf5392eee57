/** The contact screen's texts in Czech (cz). Placeholders as in `locales/de/contact.ts`. */
export default {
  contact: {
    title: 'Kontakt',
    errorTitle: 'Chyba: {{title}}',
    errorLabel: 'Chyba:',
    eyebrow: 'KONTAKT',
    heading: 'Jak vám můžeme pomoci?',
    optional: '(nepovinné)',
    /** Under a long text near its limit (from 90 %): how many characters are left, or over. */
    characterCount: { left: 'Zbývající počet znaků: {{count}}', over: 'Počet znaků navíc: {{count}}' },
    question: {
      label: 'Váš dotaz',
      hint: 'Už během psaní vám nabídneme odpovědi, které by se mohly hodit.',
    },
    topic: {
      label: 'Téma',
      placeholder: 'Vyberte téma',
      options: {
        order: 'Objednávka',
        delivery: 'Doručení',
        payment: 'Platba a faktura',
        voucher: 'Dárkový poukaz',
        loyaltyCard: 'Zákaznická karta',
        reclaim: 'Reklamace',
        returnDelivery: 'Vrácení zboží',
        account: 'Zákaznický účet',
        product: 'Produkt',
        feedback: 'Pochvala a kritika',
        accessibility: 'Přístupnost',
      },
    },
    articleNumber: {
      label: 'Číslo zboží',
      hint: 'Najdete ho na stránce produktu a na faktuře.',
    },
    firstName: { label: 'Jméno' },
    lastName: { label: 'Příjmení' },
    email: {
      label: 'E-mailová adresa',
      hint: 'Na tuto adresu vám pošleme odpověď.',
    },
    attachments: {
      label: 'Přílohy',
      hint: 'Nejvýše {{maxFiles}} soubory ve formátu pdf, png, jpg, jpeg nebo jfif, každý nejvýše {{maxMb}} MB.',
      choose: 'Vybrat soubory',
      listLabel: 'Vybrané soubory',
      removeShort: 'Odebrat',
      remove: 'Odebrat {{name}}',
      added: 'Přidáno: {{name}}.',
      removed: 'Soubor {{name}} byl odebrán.',
      refused: 'Soubor „{{name}}“ nebyl přidán: {{reason}}',
      fileError: 'Soubor „{{name}}“: {{reason}}',
      /** How the reason after `refused` / `fileError`'s colon starts: 'lower' or 'keep'. After a colon: lower case. */
      reasonCase: 'lower',
    },
    legalConsent: {
      label: 'Potvrzuji, že jsem se seznámil(a) s informacemi o ochraně osobních údajů.',
    },
    privacy: {
      text: 'Jak zacházíme s vašimi údaji, se dočtete v našich {{link}}.',
      link: 'zásadách ochrany osobních údajů',
      // PLACEHOLDER: the shop's privacy page; the spec does not give its address.
      href: '/ochrana-osobnich-udaju',
    },
    submit: 'Odeslat dotaz',
    sending: 'Vaše zpráva se odesílá…',
    progress: {
      label: 'Průběh odesílání',
      status: 'Odesílání zprávy: {{percent}} %',
    },
    invalidForm: 'Opravte prosím své údaje.',
    draftRestored: 'Obnovili jsme údaje, které jste ještě neodeslali.',
    draftFilesLost: 'Tyto přílohy se nepodařilo obnovit, přidejte je prosím znovu: {{files}}.',
    draftFileLost: 'Tuto přílohu se nepodařilo obnovit, přidejte ji prosím znovu: {{files}}.',
    draftDiscard: 'Smazat tyto údaje',
    draftDiscarded: 'Vaše údaje byly smazány.',
    success: {
      heading: 'Zpráva odeslána',
      text: 'Váš dotaz jsme předali zákaznickému servisu. Děkujeme.',
    },
    failure: {
      text: 'Kvůli chybě při přenosu k nám vaše zpráva bohužel nedorazila. Vaše údaje zůstaly ve formuláři – zkuste to prosím za pár minut znovu. Můžete nám také napsat na {{email}} nebo zavolat zdarma na číslo {{phone}}.',
    },
    errors: {
      required: 'Povinné pole: vyplňte ho prosím.',
      invalid: 'Zkontrolujte prosím tento údaj.',
      site: { invalid: 'Tuto verzi obchodu neznáme. Načtěte prosím stránku znovu.' },
      question: {
        required: 'Povinné pole: zadejte prosím svůj dotaz.',
        tooLong: 'Dotaz je příliš dlouhý (maximální počet znaků: {{max}}).',
      },
      topic: { required: 'Vyberte prosím téma.' },
      articleNumber: {
        required: 'Povinné pole: zadejte prosím číslo zboží.',
        tooLong: 'Číslo zboží je příliš dlouhé (maximální počet znaků: {{max}}).',
      },
      firstName: {
        required: 'Povinné pole: zadejte prosím své jméno.',
        tooLong: 'Jméno je příliš dlouhé (maximální počet znaků: {{max}}).',
      },
      lastName: {
        required: 'Povinné pole: zadejte prosím své příjmení.',
        tooLong: 'Příjmení je příliš dlouhé (maximální počet znaků: {{max}}).',
      },
      email: {
        required: 'Povinné pole: zadejte prosím svou e-mailovou adresu.',
        invalid: 'Neplatná e-mailová adresa.',
        tooLong: 'E-mailová adresa je příliš dlouhá (maximální počet znaků: {{max}}).',
      },
      legalConsent: { required: 'Přečtěte si prosím informace o ochraně osobních údajů a potvrďte je.' },
      attachments: {
        tooMany: 'Můžete přiložit nejvýše {{maxFiles}} soubory.',
        tooLarge: 'Soubor může mít nejvýše {{maxMb}} MB.',
        wrongType: 'Vyberte prosím soubor ve formátu jpg, png nebo pdf.',
        content: 'Obsah souboru není JPG, PNG ani PDF, i když to název naznačuje (např. fotografie ve formátu HEIC). Uložte prosím soubor jako JPG nebo PDF a vyberte ho znovu.',
        empty: 'Soubor je prázdný.',
        unreadable: 'Soubor už nelze přečíst: po výběru byl změněn, přesunut nebo smazán. Odeberte ho a vyberte ho znovu.',
        duplicate: 'Tento soubor je už přiložen.',
      },
    },
  },
};
