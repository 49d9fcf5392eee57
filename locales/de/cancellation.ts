/**
 * The cancellation screens' texts in German (de, at; ch with Swiss spelling). The person fields'
 * labels and messages are the contact form's. Placeholders: {{days}} (the site's delivery window),
 * {{max}}, {{email}}, {{phone}}, {{date}}, {{id}}.
 */
const cancellation = {
  cancellation: {
    title: 'Kaffee-Abo kündigen',
    heading: 'Kaffee-Abo kündigen',
    successTitle: 'Kündigung',
    reloadEmpties: 'Beim Neuladen wird dieses Formular geleert: Kopieren Sie einen längeren Grund vorher, um ihn danach wieder einzufügen.',
    intro: 'Hier kündigen Sie Ihr Kaffee-Abo. Bitte füllen Sie alle Felder aus; einen Grund brauchen wir nur bei einer außerordentlichen Kündigung.',
    selfService:
      'Am schnellsten geht es in Ihrem Kundenkonto: Melden Sie sich an und kündigen Sie Ihr Kaffee-Abo mit einem Klick.',
    type: {
      legend: 'Art der Kündigung',
      ordinary: 'Ordentliche Kündigung',
      ordinaryHint: 'Zum nächstmöglichen Termin.',
      extraordinary: 'Außerordentliche Kündigung',
      extraordinaryHint: 'Aus einem wichtigen Grund, den Sie uns bitte nennen.',
    },
    holder: 'Angaben zum Abo-Inhaber',
    customerNumber: { label: 'Kundennummer', hint: 'Sie finden sie auf Ihrer Rechnung und in Ihrem Kundenkonto.' },
    subscriptionId: { label: 'Kaffee-Abo-ID', hint: 'Sie finden sie in der Bestätigung Ihres Kaffee-Abos.' },
    reason: {
      label: 'Grund der Kündigung',
      requiredNote: '(bei außerordentlicher Kündigung Pflicht)',
      hint: 'Bitte beschreiben Sie den wichtigen Grund für Ihre außerordentliche Kündigung.',
    },
    info: {
      title: 'Gut zu wissen',
      ordinary:
        'Eine ordentliche Kündigung wird zum nächstmöglichen Termin wirksam. Liegt Ihre nächste Lieferung weniger als {{days}} Tage entfernt, endet Ihr Kaffee-Abo nach dieser Lieferung.',
      machine:
        'Haben Sie zu Ihrem Kaffee-Abo eine Kaffeemaschine bestellt, endet der Vertrag nach der vereinbarten Mindestanzahl an Kaffeelieferungen. Ohne Maschine können Sie jederzeit kündigen.',
      extraordinary: 'Eine außerordentliche Kündigung ist nur aus einem wichtigen Grund möglich.',
    },
    submit: 'Kaffee-Abo kündigen',
    sending: 'Ihre Kündigung wird gesendet …',
    backHome: 'Zurück zur Startseite',
    failure: {
      text: 'Aufgrund eines Übertragungsfehlers hat uns Ihre Kündigung leider nicht erreicht. Ihre Angaben sind noch da: Bitte versuchen Sie es in ein paar Minuten noch einmal. Sie erreichen uns auch per E-Mail an {{email}} oder kostenlos unter {{phone}}.',
    },
    errors: {
      cancellationType: { required: 'Bitte wählen Sie die Art der Kündigung.' },
      customerNumber: {
        required: 'Pflichtfeld: Bitte geben Sie Ihre Kundennummer ein.',
        tooLong: 'Die Kundennummer darf höchstens {{max}} Zeichen lang sein.',
      },
      subscriptionId: {
        required: 'Pflichtfeld: Bitte geben Sie die ID Ihres Kaffee-Abos ein.',
        tooLong: 'Die Kaffee-Abo-ID darf höchstens {{max}} Zeichen lang sein.',
      },
      reason: {
        required: 'Pflichtfeld: Bitte nennen Sie den wichtigen Grund für Ihre außerordentliche Kündigung.',
        tooLong: 'Der Grund darf höchstens {{max}} Zeichen lang sein.',
      },
      site: { notAllowed: 'Das Kaffee-Abo kann auf dieser Länderseite nicht online gekündigt werden. Sie erreichen uns per E-Mail an {{email}} oder kostenlos unter {{phone}}.' },
    },
    success: {
      heading: 'Ihre Kündigung ist bei uns eingegangen',
      text: 'Vielen Dank. Eine Bestätigung senden wir Ihnen zusätzlich per E-Mail an {{email}}.',
      details: 'Ihre Angaben',
      download: 'Bestätigung als PDF herunterladen',
      downloadFailed: 'Die PDF-Datei konnte nicht erstellt werden. Bitte versuchen Sie es noch einmal.',
      preparing: 'Die PDF-Datei wird erstellt …',
      none: 'Hier gibt es keine Kündigung zu bestätigen: Diese Seite zeigt die Bestätigung direkt nach dem Absenden des Kündigungsformulars.',
      toForm: 'Zum Kündigungsformular',
    },
    pdf: {
      fileName: 'Kuendigungsbestaetigung-Kaffee-Abo.pdf',
      title: 'Bestätigung Ihrer Kündigung',
      subject: {
        ordinary: 'Ordentliche Kündigung Ihres Kaffee-Abos',
        extraordinary: 'Außerordentliche Kündigung Ihres Kaffee-Abos',
      },
      received: 'Ihre Kündigung ist am {{date}} {{zone}} bei uns eingegangen (Vorgangsnummer {{id}}).',
      receivedUnnumbered: 'Ihre Kündigung ist am {{date}} {{zone}} bei uns eingegangen.',
      ordinaryNotice: 'Ihre ordentliche Kündigung wird zum nächstmöglichen Termin wirksam.',
      details: 'Ihre Angaben',
      typeLabel: 'Art der Kündigung',
      reference: 'Vorgangsnummer {{id}}',
      pageOf: 'Seite {{page}} von {{pages}}',
    },
  },
};

export type CancellationTexts = typeof cancellation;
export default cancellation;
