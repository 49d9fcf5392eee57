/** The contact screen's texts in Hungarian (hu). Placeholders as in `locales/de/contact.ts`. */
export default {
  contact: {
    title: 'Kapcsolat',
    errorTitle: 'Hiba: {{title}}',
    errorLabel: 'Hiba:',
    eyebrow: 'KAPCSOLAT',
    heading: 'Miben segíthetünk?',
    optional: '(nem kötelező)',
    /** Under a long text near its limit (from 90 %): how many characters are left, or over. */
    characterCount: { left: 'Még beírható karakterek: {{count}}', over: 'Túl sok karakter: {{count}}' },
    question: {
      label: 'Kérdése',
      hint: 'Már gépelés közben felajánljuk a kérdéséhez illő válaszokat.',
    },
    topic: {
      label: 'Téma',
      placeholder: 'Kérjük, válasszon témát',
      options: {
        order: 'Rendelés',
        delivery: 'Szállítás',
        payment: 'Fizetés és számla',
        voucher: 'Ajándékutalvány',
        loyaltyCard: 'Törzsvásárlói kártya',
        reclaim: 'Reklamáció',
        returnDelivery: 'Visszaküldés',
        account: 'Ügyfélfiók',
        product: 'Termék',
        feedback: 'Vélemény és javaslat',
        accessibility: 'Akadálymentesség',
      },
    },
    articleNumber: {
      label: 'Cikkszám',
      hint: 'A termékoldalon és a számláján találja.',
    },
    firstName: { label: 'Keresztnév' },
    lastName: { label: 'Vezetéknév' },
    email: {
      label: 'E-mail-cím',
      hint: 'Erre a címre küldjük a válaszunkat.',
    },
    attachments: {
      label: 'Mellékletek',
      hint: 'Legfeljebb {{maxFiles}} fájl pdf, png, jpg, jpeg vagy jfif formátumban, fájlonként legfeljebb {{maxMb}} MB.',
      choose: 'Fájlok kiválasztása',
      listLabel: 'Kiválasztott fájlok',
      removeShort: 'Eltávolítás',
      remove: 'Eltávolítás: {{name}}',
      added: 'Hozzáadva: {{name}}.',
      removed: '{{name}} eltávolítva.',
      refused: 'A(z) „{{name}}” fájlt nem adtuk hozzá: {{reason}}',
      fileError: '„{{name}}”: {{reason}}',
      /** How the reason after `refused` / `fileError`'s colon starts: 'lower' or 'keep'. After a colon: lower case (one explaining sentence; AkH). */
      reasonCase: 'lower',
    },
    legalConsent: {
      label: 'Elolvastam és elfogadom az adatkezelési tájékoztatót.',
    },
    privacy: {
      text: 'Adatai kezeléséről az {{link}} olvashat.',
      link: 'adatvédelmi tájékoztatónkban',
      // PLACEHOLDER: the shop's privacy page; the spec does not give its address.
      href: '/adatvedelem',
    },
    submit: 'Kérdés elküldése',
    sending: 'Üzenetét küldjük…',
    progress: {
      label: 'Küldés állapota',
      status: 'Üzenet küldése: {{percent}}%',
    },
    invalidForm: 'Kérjük, javítsa a megadott adatokat.',
    draftRestored: 'Visszaállítottuk a még el nem küldött adatait.',
    draftFilesLost: 'Ezeket a mellékleteket nem tudtuk visszaállítani, kérjük, csatolja őket újra: {{files}}.',
    draftFileLost: 'Ezt a mellékletet nem tudtuk visszaállítani, kérjük, csatolja újra: {{files}}.',
    draftDiscard: 'Adatok törlése',
    draftDiscarded: 'Az adatait töröltük.',
    success: {
      heading: 'Üzenet elküldve',
      text: 'Kérdését továbbítottuk az ügyfélszolgálatnak. Köszönjük.',
    },
    failure: {
      text: 'Átviteli hiba miatt üzenete sajnos nem érkezett meg hozzánk. Adatai megmaradtak az űrlapon – kérjük, néhány perc múlva próbálja újra. E-mailt is írhat nekünk ({{email}}), vagy hívja ingyenes telefonszámunkat: {{phone}}.',
    },
    errors: {
      required: 'Kötelező mező: kérjük, töltse ki.',
      invalid: 'Kérjük, ellenőrizze ezt az adatot.',
      site: { invalid: 'Ezt az országoldalt nem ismerjük. Kérjük, töltse be újra az oldalt.' },
      question: {
        required: 'Kötelező mező: kérjük, írja be a kérdését.',
        tooLong: 'A kérdés legfeljebb {{max}} karakter hosszú lehet.',
      },
      topic: { required: 'Kérjük, válasszon témát.' },
      articleNumber: {
        required: 'Kötelező mező: kérjük, adja meg a cikkszámot.',
        tooLong: 'A cikkszám legfeljebb {{max}} karakter hosszú lehet.',
      },
      firstName: {
        required: 'Kötelező mező: kérjük, adja meg a keresztnevét.',
        tooLong: 'A keresztnév legfeljebb {{max}} karakter hosszú lehet.',
      },
      lastName: {
        required: 'Kötelező mező: kérjük, adja meg a vezetéknevét.',
        tooLong: 'A vezetéknév legfeljebb {{max}} karakter hosszú lehet.',
      },
      email: {
        required: 'Kötelező mező: kérjük, adja meg az e-mail-címét.',
        invalid: 'Érvénytelen e-mail-cím.',
        tooLong: 'Az e-mail-cím legfeljebb {{max}} karakter hosszú lehet.',
      },
      legalConsent: { required: 'Kérjük, olvassa el és fogadja el az adatkezelési tájékoztatót.' },
      attachments: {
        tooMany: 'Legfeljebb {{maxFiles}} fájlt csatolhat.',
        tooLarge: 'Egy fájl legfeljebb {{maxMb}} MB méretű lehet.',
        wrongType: 'Kérjük, jpg, png vagy pdf formátumú fájlt válasszon.',
        content: 'A fájl tartalma nem JPG, PNG vagy PDF, bár a neve erre utal (például HEIC formátumú fotó). Kérjük, mentse el JPG vagy PDF formátumban, és válassza ki újra.',
        empty: 'A fájl üres.',
        unreadable: 'A fájl már nem olvasható: a kiválasztása után módosították, áthelyezték vagy törölték. Kérjük, távolítsa el, és válassza ki újra.',
        duplicate: 'Ez a fájl már csatolva van.',
      },
    },
  },
};
