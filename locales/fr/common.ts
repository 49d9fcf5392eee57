/** French texts (site ch_fr) of the page frame, the error page, the support block and the cancellation pages. */
import type { CommonTexts } from '../de/common';

const common = {
  common: {
    skipLink: 'Aller au contenu',
    customerService: 'Service client',
    backToShop: 'Retour à la boutique',
    documentTitle: '{{page}} | Service client {{shopName}}',
    footerNote: 'Nous restons volontiers à votre disposition.',
    copyright: '© {{shopName}}',
    /** Shown when JavaScript is off (the server puts it into the page's <noscript>). */
    noscript: 'Veuillez activer JavaScript pour utiliser cette page.',
  },
  error: {
    titleLanguage: 'en',
    notFoundTitle: 'Page Not Found',
    notFoundMessage: 'Page not found: {{path}}',
    notFoundDescription:
      'La page demandée n’existe malheureusement pas. Notre formulaire de contact vous permet de joindre le service client.',
    serverTitle: 'Internal Server Error',
    serverDescription: 'Une erreur s’est malheureusement produite. Veuillez réessayer dans quelques minutes.',
    loadFailedTitle: 'Chargement incomplet de la page',
    loadFailed: 'Une partie de la page n’a pas pu être chargée. Veuillez vérifier votre connexion et recharger la page.',
    status: 'Statut : {{status}}',
    toContact: 'Vers le formulaire de contact',
  },
  supportBlock: {
    title: 'Notre service client est là pour vous',
    intro: 'Vous avez des questions ? Appelez-nous ou écrivez-nous.',
    addressLabel: 'Adresse postale',
    emailLabel: 'E-mail',
    phoneLabel: 'Téléphone',
    tollFreeLabel: 'Numéro gratuit',
    hoursLabel: 'Heures d’ouverture',
  },
} satisfies CommonTexts;

export default common;
