/**
 * The contact screen's texts in German (de, at; ch gets Swiss spelling when its dictionary is built).
 * Placeholders: {{maxFiles}}, {{maxMb}}, {{max}} come from the domain's limits; {{link}}, {{email}},
 * {{phone}} are filled with links by the screen.
 */
export default {
  contact: {
    title: 'Kontakt',
    errorTitle: 'Fehler: {{title}}',
    errorLabel: 'Fehler:',
    eyebrow: 'KONTAKT',
    heading: 'Wie können wir Ihnen helfen?',
    optional: '(optional)',
    /** Under a long text near its limit (from 90 %): how many characters are left, or over. */
    characterCount: { left: 'Verbleibende Zeichen: {{count}}', over: 'Zeichen zu viel: {{count}}' },
    question: {
      label: 'Ihre Frage',
      hint: 'Schon während Sie schreiben, schlagen wir Ihnen passende Antworten vor.',
    },
    topic: {
      label: 'Thema',
      placeholder: 'Bitte wählen Sie ein Thema',
      options: {
        order: 'Bestellung',
        delivery: 'Lieferung',
        payment: 'Zahlung und Rechnung',
        voucher: 'Gutschein',
        loyaltyCard: 'Kundenkarte',
        reclaim: 'Reklamation',
        returnDelivery: 'Rücksendung',
        account: 'Kundenkonto',
        product: 'Produkt',
        feedback: 'Lob und Kritik',
        accessibility: 'Barrierefreiheit',
      },
    },
    articleNumber: {
      label: 'Artikelnummer',
      hint: 'Sie finden sie auf der Produktseite und auf Ihrer Rechnung.',
    },
    firstName: { label: 'Vorname' },
    lastName: { label: 'Nachname' },
    email: {
      label: 'E-Mail-Adresse',
      hint: 'An diese Adresse schicken wir Ihnen unsere Antwort.',
    },
    attachments: {
      label: 'Anhänge',
      hint: 'Bis zu {{maxFiles}} Dateien im Format pdf, png, jpg, jpeg oder jfif, je höchstens {{maxMb}} MB.',
      choose: 'Dateien auswählen',
      listLabel: 'Ausgewählte Dateien',
      removeShort: 'Entfernen',
      remove: '{{name}} entfernen',
      added: 'Hinzugefügt: {{name}}.',
      removed: '{{name}} wurde entfernt.',
      refused: '„{{name}}“ wurde nicht hinzugefügt: {{reason}}',
      fileError: '„{{name}}“: {{reason}}',
      /** How the reason after `refused` / `fileError`'s colon starts: 'lower' or 'keep'. A full sentence after a colon keeps its capital (Duden). */
      reasonCase: 'keep',
    },
    legalConsent: {
      label: 'Ich habe den Hinweis zum Datenschutz gelesen und bestätige ihn.',
    },
    privacy: {
      text: 'Wie wir mit Ihren Daten umgehen, lesen Sie in unseren {{link}}.',
      link: 'Datenschutzhinweisen',
      // PLACEHOLDER: the shop's privacy page; the spec does not give its address.
      href: '/datenschutz',
    },
    submit: 'Frage absenden',
    sending: 'Ihre Nachricht wird gesendet …',
    progress: {
      label: 'Fortschritt beim Senden',
      status: 'Ihre Nachricht wird gesendet: {{percent}} %',
    },
    invalidForm: 'Bitte korrigieren Sie Ihre Angaben.',
    draftRestored: 'Wir haben Ihre noch nicht gesendeten Angaben wiederhergestellt.',
    draftFilesLost: 'Folgende Anhänge konnten wir nicht wiederherstellen, bitte fügen Sie sie erneut hinzu: {{files}}.',
    draftFileLost: 'Den folgenden Anhang konnten wir nicht wiederherstellen, bitte fügen Sie ihn erneut hinzu: {{files}}.',
    draftDiscard: 'Angaben löschen',
    draftDiscarded: 'Ihre Angaben wurden gelöscht.',
    success: {
      heading: 'Nachricht gesendet',
      text: 'Ihre Frage wurde an den Kundenservice geschickt. Vielen Dank.',
    },
    failure: {
      text: 'Aufgrund eines Übertragungsfehlers hat uns Ihre Nachricht leider nicht erreicht. Ihre Angaben sind noch da: Bitte versuchen Sie es in ein paar Minuten noch einmal. Sie erreichen uns auch per E-Mail an {{email}} oder kostenlos unter {{phone}}.',
    },
    errors: {
      required: 'Pflichtfeld: Bitte füllen Sie dieses Feld aus.',
      invalid: 'Bitte prüfen Sie diese Angabe.',
      site: { invalid: 'Diese Länderseite kennen wir nicht. Bitte laden Sie die Seite neu.' },
      question: {
        required: 'Pflichtfeld: Bitte geben Sie Ihre Frage ein.',
        tooLong: 'Ihre Frage darf höchstens {{max}} Zeichen lang sein.',
      },
      topic: { required: 'Bitte wählen Sie ein Thema aus.' },
      articleNumber: {
        required: 'Pflichtfeld: Bitte geben Sie die Artikelnummer ein.',
        tooLong: 'Die Artikelnummer darf höchstens {{max}} Zeichen lang sein.',
      },
      firstName: {
        required: 'Pflichtfeld: Bitte geben Sie Ihren Vornamen ein.',
        tooLong: 'Ihr Vorname darf höchstens {{max}} Zeichen lang sein.',
      },
      lastName: {
        required: 'Pflichtfeld: Bitte geben Sie Ihren Nachnamen ein.',
        tooLong: 'Ihr Nachname darf höchstens {{max}} Zeichen lang sein.',
      },
      email: {
        required: 'Pflichtfeld: Bitte geben Sie Ihre E-Mail-Adresse ein.',
        invalid: 'Ungültige E-Mail-Adresse.',
        tooLong: 'Ihre E-Mail-Adresse darf höchstens {{max}} Zeichen lang sein.',
      },
      legalConsent: { required: 'Bitte lesen und bestätigen Sie den Hinweis zum Datenschutz.' },
      attachments: {
        tooMany: 'Sie können höchstens {{maxFiles}} Dateien anhängen.',
        tooLarge: 'Eine Datei darf höchstens {{maxMb}} MB groß sein.',
        wrongType: 'Bitte wählen Sie eine Datei im Format jpg, png oder pdf.',
        content: 'Der Inhalt ist kein JPG, PNG oder PDF, auch wenn der Name so endet (etwa ein Foto im HEIC-Format). Bitte speichern Sie die Datei als JPG oder PDF und wählen Sie sie erneut.',
        empty: 'Die Datei ist leer.',
        unreadable: 'Die Datei kann nicht mehr gelesen werden: Sie wurde nach der Auswahl geändert, verschoben oder gelöscht. Bitte entfernen Sie sie und wählen Sie sie erneut aus.',
        duplicate: 'Diese Datei ist bereits angehängt.',
      },
    },
  },
};
