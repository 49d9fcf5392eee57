/**
 * Slovakia (sk): Slovak texts; the support block shows the e-mail address; opening hours of spec §9.
 * PLACEHOLDERS (the spec gives none of these): the shop name and URL, the address, the e-mail
 * addresses and the phone numbers.
 */
import type { SiteTexts } from './site-texts';

const site: SiteTexts = {
  site: {
    shopName: 'Coffee & Home',
    shopUrl: 'https://www.kaffeeshop.sk/',
    postalAddress: '',
    email: 'zakaznicky.servis@kaffeeshop.sk',
    alternativeEmail: 'kontakt@kaffeeshop.sk',
    phone: '02 3300 3000',
    phoneLink: '+421233003000',
    tollFreePhone: '0800 300 300',
    tollFreeLink: '0800300300',
    openingHours: 'Po–Pi 8:00–18:00',
  },
};

export default site;
