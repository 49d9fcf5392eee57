/** The contact screen's texts in French (ch_fr). Placeholders as in `locales/de/contact.ts`. */
export default {
  contact: {
    title: 'Contact',
    errorTitle: 'Erreur : {{title}}',
    errorLabel: 'Erreur :',
    eyebrow: 'CONTACT',
    heading: 'Comment pouvons-nous vous aider ?',
    optional: '(facultatif)',
    /** Under a long text near its limit (from 90 %): how many characters are left, or over. */
    characterCount: { left: 'Caractères restants\u00a0: {{count}}', over: 'Caractères en trop\u00a0: {{count}}' },
    question: {
      label: 'Votre question',
      hint: 'Pendant que vous écrivez, nous vous proposons des réponses adaptées à votre question.',
    },
    topic: {
      label: 'Sujet',
      placeholder: 'Veuillez choisir un sujet',
      options: {
        order: 'Commande',
        delivery: 'Livraison',
        payment: 'Paiement et facture',
        voucher: 'Bon d’achat',
        loyaltyCard: 'Carte de fidélité',
        reclaim: 'Réclamation',
        returnDelivery: 'Retour',
        account: 'Compte client',
        product: 'Produit',
        feedback: 'Avis et suggestions',
        accessibility: 'Accessibilité',
      },
    },
    articleNumber: {
      label: 'Numéro d’article',
      hint: 'Vous le trouverez sur la page du produit et sur votre facture.',
    },
    firstName: { label: 'Prénom' },
    lastName: { label: 'Nom' },
    email: {
      label: 'Adresse e-mail',
      hint: 'Nous vous répondrons à cette adresse.',
    },
    attachments: {
      label: 'Pièces jointes',
      hint: 'Jusqu’à {{maxFiles}} fichiers au format pdf, png, jpg, jpeg ou jfif, de {{maxMb}} Mo au maximum chacun.',
      choose: 'Choisir des fichiers',
      listLabel: 'Fichiers sélectionnés',
      removeShort: 'Retirer',
      remove: 'Retirer {{name}}',
      added: 'Vous avez ajouté {{name}}.',
      removed: '{{name}} a été retiré.',
      refused: '« {{name}} » n’a pas été ajouté : {{reason}}',
      fileError: '« {{name}} » : {{reason}}',
      /** How the reason after `refused` / `fileError`'s colon starts: 'lower' or 'keep'. After a colon: lower case. */
      reasonCase: 'lower',
    },
    legalConsent: {
      label: 'J’ai lu et j’accepte la notice relative à la protection des données.',
    },
    privacy: {
      text: 'Pour savoir comment nous traitons vos données, consultez notre {{link}}.',
      link: 'déclaration de protection des données',
      // PLACEHOLDER: the shop's privacy page; the spec does not give its address.
      href: '/protection-des-donnees',
    },
    submit: 'Envoyer la question',
    sending: 'Envoi de votre message en cours…',
    progress: {
      label: 'Progression de l’envoi',
      status: 'Envoi de votre message : {{percent}} %',
    },
    invalidForm: 'Veuillez corriger les informations saisies.',
    draftRestored: 'Nous avons restauré les informations que vous n’aviez pas encore envoyées.',
    draftFilesLost: 'Nous n’avons pas pu restaurer ces pièces jointes, veuillez les ajouter à nouveau : {{files}}.',
    draftFileLost: 'Nous n’avons pas pu restaurer cette pièce jointe, veuillez l’ajouter à nouveau : {{files}}.',
    draftDiscard: 'Effacer ces informations',
    draftDiscarded: 'Vos informations ont été effacées.',
    success: {
      heading: 'Message envoyé',
      text: 'Votre question a été transmise au service client. Merci beaucoup.',
    },
    failure: {
      text: 'En raison d’une erreur de transmission, votre message ne nous est malheureusement pas parvenu. Vos informations sont toujours là : veuillez réessayer dans quelques minutes. Vous pouvez aussi nous écrire à {{email}} ou nous appeler gratuitement au {{phone}}.',
    },
    errors: {
      required: 'Champ obligatoire : veuillez remplir ce champ.',
      invalid: 'Veuillez vérifier cette information.',
      site: { invalid: 'Nous ne connaissons pas ce site. Veuillez recharger la page.' },
      question: {
        required: 'Champ obligatoire : veuillez saisir votre question.',
        tooLong: 'Votre question ne doit pas dépasser {{max}} caractères.',
      },
      topic: { required: 'Veuillez choisir un sujet.' },
      articleNumber: {
        required: 'Champ obligatoire : veuillez saisir le numéro d’article.',
        tooLong: 'Le numéro d’article ne doit pas dépasser {{max}} caractères.',
      },
      firstName: {
        required: 'Champ obligatoire : veuillez saisir votre prénom.',
        tooLong: 'Votre prénom ne doit pas dépasser {{max}} caractères.',
      },
      lastName: {
        required: 'Champ obligatoire : veuillez saisir votre nom.',
        tooLong: 'Votre nom ne doit pas dépasser {{max}} caractères.',
      },
      email: {
        required: 'Champ obligatoire : veuillez saisir votre adresse e-mail.',
        invalid: 'Adresse e-mail non valide.',
        tooLong: 'Votre adresse e-mail ne doit pas dépasser {{max}} caractères.',
      },
      legalConsent: { required: 'Veuillez lire et accepter la notice relative à la protection des données.' },
      attachments: {
        tooMany: 'Vous pouvez joindre au maximum {{maxFiles}} fichiers.',
        tooLarge: 'Un fichier ne doit pas dépasser {{maxMb}} Mo.',
        wrongType: 'Veuillez choisir un fichier au format jpg, png ou pdf.',
        content: 'Le contenu n’est pas un JPG, PNG ou PDF, même si le nom l’indique (par exemple une photo au format HEIC). Veuillez enregistrer le fichier en JPG ou PDF et le choisir à nouveau.',
        empty: 'Le fichier est vide.',
        unreadable: 'Le fichier ne peut plus être lu : il a été modifié, déplacé ou supprimé après avoir été choisi. Veuillez le retirer et le choisir à nouveau.',
        duplicate: 'Ce fichier est déjà joint.',
      },
    },
  },
};
