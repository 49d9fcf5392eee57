/**
 * Switzerland, German (ch): German texts in Swiss spelling (ss for ß, applied to the whole dictionary); opening hours of spec §9.
 * PLACEHOLDERS (the spec gives none of these): the shop name and URL, the address, the e-mail
 * addresses and the phone numbers.
 */
import type { SiteTexts } from './site-texts';

const site: SiteTexts = {
  site: {
    shopName: 'Coffee & Home',
    shopUrl: 'https://www.kaffeeshop.ch/',
    postalAddress: 'Kundenservice\nPostfach\n8010 Zürich',
    email: 'kundenservice@kaffeeshop.ch',
    alternativeEmail: 'service@kaffeeshop.ch',
    phone: '044 300 30 30',
    phoneLink: '+41443003030',
    tollFreePhone: '0800 300 300',
    tollFreeLink: '0800300300',
    openingHours: 'Mo–Fr 08:00–20:00 Uhr\nSa 08:00–16:00 Uhr',
  },
};

export default site;
