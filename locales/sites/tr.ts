/**
 * Turkey (tr): Turkish texts; the support block shows the e-mail address.
 * PLACEHOLDERS (the spec gives none of these): the shop name and URL, the address, the e-mail
 * addresses and the phone numbers.
 * No opening hours: spec §9 shows none for Turkey.
 */
import type { SiteTexts } from './site-texts';

const site: SiteTexts = {
  site: {
    shopName: 'Coffee & Home',
    shopUrl: 'https://www.kaffeeshop.com.tr/',
    postalAddress: '',
    email: 'musterihizmetleri@kaffeeshop.com.tr',
    alternativeEmail: 'destek@kaffeeshop.com.tr',
    phone: '0850 300 30 30',
    phoneLink: '+908503003030',
    tollFreePhone: '0800 300 30 30',
    tollFreeLink: '08003003030',
    openingHours: '',
  },
};

export default site;
