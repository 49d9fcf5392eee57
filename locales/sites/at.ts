/**
 * Austria (at): the German texts; opening hours of spec §9.
 * PLACEHOLDERS (the spec gives none of these): the shop name and URL, the address, the e-mail
 * addresses and the phone numbers.
 */
import type { SiteTexts } from './site-texts';

const site: SiteTexts = {
  site: {
    shopName: 'Coffee & Home',
    shopUrl: 'https://www.kaffeeshop.at/',
    postalAddress: 'Kundenservice\nPostfach 100\n1010 Wien',
    email: 'kundenservice@kaffeeshop.at',
    alternativeEmail: 'service@kaffeeshop.at',
    phone: '01 360 3000',
    phoneLink: '+4313603000',
    tollFreePhone: '0800 300 300',
    tollFreeLink: '0800300300',
    openingHours: 'Täglich 08:00–20:00 Uhr',
  },
};

export default site;
