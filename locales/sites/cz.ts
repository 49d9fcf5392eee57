/**
 * Czechia (cz): Czech texts; the support block shows the e-mail address; opening hours of spec §9.
 * PLACEHOLDERS (the spec gives none of these): the shop name and URL, the address, the e-mail
 * addresses and the phone numbers.
 */
import type { SiteTexts } from './site-texts';

const site: SiteTexts = {
  site: {
    shopName: 'Coffee & Home',
    shopUrl: 'https://www.kaffeeshop.cz/',
    postalAddress: '',
    email: 'zakaznicky.servis@kaffeeshop.cz',
    alternativeEmail: 'kontakt@kaffeeshop.cz',
    phone: '222 300 300',
    phoneLink: '+420222300300',
    tollFreePhone: '800 300 300',
    tollFreeLink: '800300300',
    openingHours: 'Po–Pá 8:00–18:00',
  },
};

export default site;
