/**
 * The cancellation screens' texts in French (ch_fr). Placeholders as in `locales/de/cancellation.ts`;
 * the minimum of 4 coffee deliveries with a machine is the French-Swiss text's own (spec §4).
 */
import type { CancellationTexts } from '../de/cancellation';

const cancellation = {
  cancellation: {
    title: 'Résilier l’abonnement café',
    heading: 'Résilier l’abonnement café',
    successTitle: 'Résiliation',
    reloadEmpties: 'Le rechargement vide ce formulaire : copiez d’abord un motif long pour le coller ensuite.',
    intro: 'Résiliez ici votre abonnement café. Veuillez remplir tous les champs ; nous n’avons besoin d’un motif que pour une résiliation extraordinaire.',
    selfService:
      'Le plus rapide : connectez-vous à votre compte client et résiliez votre abonnement café en un clic.',
    type: {
      legend: 'Type de résiliation',
      ordinary: 'Résiliation ordinaire',
      ordinaryHint: 'À la prochaine date possible.',
      extraordinary: 'Résiliation extraordinaire',
      extraordinaryHint: 'Pour un motif important, que nous vous prions d’indiquer.',
    },
    holder: 'Titulaire de l’abonnement',
    customerNumber: { label: 'Numéro de client', hint: 'Il figure sur votre facture et dans votre compte client.' },
    subscriptionId: { label: 'ID de l’abonnement café', hint: 'Il figure dans la confirmation de votre abonnement café.' },
    reason: {
      label: 'Motif de la résiliation',
      requiredNote: '(obligatoire pour une résiliation extraordinaire)',
      hint: 'Veuillez décrire le motif important de votre résiliation extraordinaire.',
    },
    info: {
      title: 'Bon à savoir',
      ordinary:
        'Une résiliation ordinaire prend effet à la prochaine date possible. Si votre prochaine livraison a lieu dans moins de {{days}} jours, votre abonnement café prend fin après cette livraison.',
      machine:
        'Si vous avez commandé une machine à café avec votre abonnement, le contrat prend fin après au moins 4 livraisons de café. Sans machine, vous pouvez résilier à tout moment.',
      extraordinary: 'Une résiliation extraordinaire n’est possible que pour un motif important.',
    },
    submit: 'Résilier l’abonnement café',
    sending: 'Envoi de votre résiliation en cours…',
    backHome: 'Retour à la page d’accueil',
    failure: {
      text: 'En raison d’une erreur de transmission, votre résiliation ne nous est malheureusement pas parvenue. Vos informations sont toujours là : veuillez réessayer dans quelques minutes. Vous pouvez aussi nous écrire à {{email}} ou nous appeler gratuitement au {{phone}}.',
    },
    errors: {
      cancellationType: { required: 'Veuillez choisir le type de résiliation.' },
      customerNumber: {
        required: 'Champ obligatoire : veuillez saisir votre numéro de client.',
        tooLong: 'Le numéro de client ne doit pas dépasser {{max}} caractères.',
      },
      subscriptionId: {
        required: 'Champ obligatoire : veuillez saisir l’ID de votre abonnement café.',
        tooLong: 'L’ID de l’abonnement ne doit pas dépasser {{max}} caractères.',
      },
      reason: {
        required: 'Champ obligatoire : veuillez indiquer le motif important de votre résiliation extraordinaire.',
        tooLong: 'Le motif ne doit pas dépasser {{max}} caractères.',
      },
      site: { notAllowed: 'L’abonnement café ne peut pas être résilié en ligne sur ce site. Vous pouvez nous écrire à {{email}} ou nous appeler gratuitement au {{phone}}.' },
    },
    success: {
      heading: 'Nous avons bien reçu votre résiliation',
      text: 'Merci beaucoup. Nous vous envoyons également une confirmation par e-mail à {{email}}.',
      details: 'Vos informations',
      download: 'Télécharger la confirmation en PDF',
      downloadFailed: 'Le fichier PDF n’a pas pu être créé. Veuillez réessayer.',
      preparing: 'Création du fichier PDF en cours…',
      none: 'Il n’y a aucune résiliation à confirmer ici : cette page affiche la confirmation juste après l’envoi du formulaire de résiliation.',
      toForm: 'Vers le formulaire de résiliation',
    },
    pdf: {
      fileName: 'Confirmation-resiliation-abonnement-cafe.pdf',
      title: 'Confirmation de votre résiliation',
      subject: {
        ordinary: 'Résiliation ordinaire de votre abonnement café',
        extraordinary: 'Résiliation extraordinaire de votre abonnement café',
      },
      received: 'Nous avons reçu votre résiliation le {{date}} {{zone}}, heure suisse (numéro de dossier {{id}}).',
      receivedUnnumbered: 'Nous avons reçu votre résiliation le {{date}} {{zone}}, heure suisse.',
      ordinaryNotice: 'Votre résiliation ordinaire prend effet à la prochaine date possible.',
      details: 'Vos informations',
      typeLabel: 'Type de résiliation',
      reference: 'Numéro de dossier {{id}}',
      pageOf: 'Page {{page}} sur {{pages}}',
    },
  },
} satisfies CancellationTexts;

export default cancellation;
