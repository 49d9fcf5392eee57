/**
 * Poland (pl): Polish texts; the support block shows the e-mail address.
 * PLACEHOLDERS (the spec gives none of these): the shop name and URL, the address, the e-mail
 * addresses and the phone numbers.
 * No opening hours: spec §9 shows none for Poland.
 */
import type { SiteTexts } from './site-texts';

const site: SiteTexts = {
  site: {
    shopName: 'Coffee & Home',
    shopUrl: 'https://www.kaffeeshop.pl/',
    postalAddress: '',
    email: 'obsluga.klienta@kaffeeshop.pl',
    alternativeEmail: 'kontakt@kaffeeshop.pl',
    phone: '22 300 30 30',
    phoneLink: '+48223003030',
    tollFreePhone: '800 300 300',
    tollFreeLink: '800300300',
    openingHours: '',
  },
};

export default site;
