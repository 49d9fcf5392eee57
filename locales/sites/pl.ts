/**
 * Poland (pl): Polish texts; the support block shows the e-mail address.
 * PLACEHOLDERS (the spec gives none of these): the shop name and URL, the address, the e-mail
 * addresses and the phone numbers.
 * The opening hours are a PLACEHOLDER too (spec §9: not shown for Poland).
 */
import type { SiteTexts } from './site-texts';

const site: SiteTexts = {
  site: {
    shopName: 'Coffee & Home',
    shopUrl: 'https://www.shop-placeholder.pl/',
    postalAddress: '',
    email: 'obsluga.klienta@shop-placeholder.pl',
    alternativeEmail: 'kontakt@shop-placeholder.pl',
    phone: '22 300 30 30',
    phoneLink: '+48223003030',
    tollFreePhone: '800 300 300',
    tollFreeLink: '800300300',
    openingHours: 'pon.–pt. 8:00–18:00',
  },
};

export default site;
