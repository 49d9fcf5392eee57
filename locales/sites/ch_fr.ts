/**
 * Switzerland, French (ch_fr): French texts; opening hours of spec §9.
 * PLACEHOLDERS (the spec gives none of these): the shop name and URL, the address, the e-mail
 * addresses and the phone numbers.
 */
import type { SiteTexts } from './site-texts';

const site: SiteTexts = {
  site: {
    shopName: 'Coffee & Home',
    shopUrl: 'https://fr.kaffeeshop.ch/',
    postalAddress: 'Service client\nCase postale\n1001 Lausanne',
    email: 'serviceclient@kaffeeshop.ch',
    alternativeEmail: 'service@kaffeeshop.ch',
    phone: '021 300 30 30',
    phoneLink: '+41213003030',
    tollFreePhone: '0800 300 301',
    tollFreeLink: '0800300301',
    // Word joiners after the dashes: from 328 px the range broke after them ('08h00–' / '20h00').
    openingHours: 'Du lundi au vendredi, 08h00–\u206020h00\nLe samedi, 08h00–\u206016h00',
  },
};

export default site;
