/**
 * Germany (de): German texts.
 * PLACEHOLDERS (the spec gives none of these): the shop name and URL, the address, the e-mail
 * addresses and the phone numbers.
 * The opening hours are a PLACEHOLDER too (spec §9: not shown for Germany).
 */
import type { SiteTexts } from './site-texts';

const site: SiteTexts = {
  site: {
    shopName: 'Coffee & Home',
    shopUrl: 'https://www.shop-placeholder.de/',
    postalAddress: 'Kundenservice\nPostfach 10 02 00\n20002 Hamburg',
    email: 'kundenservice@shop-placeholder.de',
    alternativeEmail: 'service@shop-placeholder.de',
    phone: '040 3000 3000',
    phoneLink: '+494030003000',
    tollFreePhone: '0800 3000 300',
    tollFreeLink: '08003000300',
    openingHours: 'Mo.–Fr. 8:00–20:00 Uhr\nSa. 8:00–16:00 Uhr',
  },
};

export default site;
