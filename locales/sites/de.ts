/**
 * Germany (de): German texts.
 * PLACEHOLDERS (the spec gives none of these): the shop name and URL, the address, the e-mail
 * addresses and the phone numbers.
 * No opening hours: spec §9 shows none for Germany.
 */
import type { SiteTexts } from './site-texts';

const site: SiteTexts = {
  site: {
    shopName: 'Coffee & Home',
    shopUrl: 'https://www.kaffeeshop.de/',
    postalAddress: 'Kundenservice\nPostfach 10 02 00\n20002 Hamburg',
    email: 'kundenservice@kaffeeshop.de',
    alternativeEmail: 'service@kaffeeshop.de',
    phone: '040 3000 3000',
    phoneLink: '+494030003000',
    tollFreePhone: '0800 3000 300',
    tollFreeLink: '08003000300',
    openingHours: '',
  },
};

export default site;
