/**
 * Hungary (hu): Hungarian texts; the support block shows the e-mail address and the callback service.
 * PLACEHOLDERS (the spec gives none of these): the shop name and URL, the address, the e-mail
 * addresses and the phone numbers.
 * The callback-service URL is a PLACEHOLDER too. No opening hours: spec §9 shows none for Hungary.
 */
import type { SiteTexts } from './site-texts';

const site: SiteTexts = {
  site: {
    shopName: 'Coffee & Home',
    shopUrl: 'https://www.kaffeeshop.hu/',
    postalAddress: '',
    email: 'ugyfelszolgalat@kaffeeshop.hu',
    alternativeEmail: 'kapcsolat@kaffeeshop.hu',
    phone: '06 1 300 3000',
    phoneLink: '+3613003000',
    tollFreePhone: '06 80 300 300',
    tollFreeLink: '0680300300',
    openingHours: '',
    callbackUrl: 'https://www.kaffeeshop.hu/visszahivas',
    callbackLabel: 'Visszahívást kérek',
  },
};

export default site;
