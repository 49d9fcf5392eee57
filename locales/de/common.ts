/**
 * German texts of the page frame, the error page, the support block and the cancellation pages (de,
 * at, ch; Swiss spelling is applied on ch, at needs no variant). Placeholders: {{name}}.
 */
const common = {
  common: {
    skipLink: 'Zum Inhalt springen',
    customerService: 'Kundenservice',
    backToShop: 'Zurück zum Shop',
    documentTitle: '{{page}} | {{shopName}} Kundenservice',
    footerNote: 'Wir sind gerne für Sie da.',
    copyright: '© {{shopName}}',
    /** Shown when JavaScript is off (the server puts it into the page's <noscript>). */
    noscript: 'Bitte aktivieren Sie JavaScript, um diese Seite zu nutzen.',
  },
  error: {
    // The spec's titles and the 404 message are English on every site (framework default en-US).
    titleLanguage: 'en',
    notFoundTitle: 'Page Not Found',
    notFoundMessage: 'Page not found: {{path}}',
    notFoundDescription:
      'Die aufgerufene Seite gibt es leider nicht. Über unser Kontaktformular erreichen Sie den Kundenservice.',
    serverTitle: 'Internal Server Error',
    serverDescription: 'Leider ist ein Fehler aufgetreten. Bitte versuchen Sie es in einigen Minuten noch einmal.',
    /** The heading and tab title of the page a chunk could not be loaded for (the visitor's connection, not the server). */
    loadFailedTitle: 'Seite nicht vollständig geladen',
    /** Shown as the message of the error page when a part of the page (a chunk) could not be loaded. */
    loadFailed: 'Ein Teil der Seite konnte nicht geladen werden. Bitte prüfen Sie Ihre Verbindung und laden Sie die Seite neu.',
    status: 'Status: {{status}}',
    toContact: 'Zum Kontaktformular',
  },
  supportBlock: {
    title: 'Unser Kundenservice ist für Sie da',
    intro: 'Sie haben Fragen? Rufen Sie uns an oder schreiben Sie uns.',
    addressLabel: 'Postanschrift',
    emailLabel: 'E-Mail',
    phoneLabel: 'Telefon',
    tollFreeLabel: 'Kostenlose Hotline',
    hoursLabel: 'Servicezeiten',
  },
};

export type CommonTexts = typeof common;
export default common;
