import fc from 'fast-check';
import {
  CASHBACK_COOKIE,
  DEFAULT_CONSENT_FREE_AFFILIATES,
  NO_CONSENT_PERSON_ID,
  UNIQUE_USER_COOKIE,
  cashbackPartnerFromCookie,
  consentRequirementFor,
  firstPartyPersonId,
  isAppContext,
  isConsentFreeAffiliate,
  isRequirementMet,
  mayWriteUniqueUserCookie,
} from '../../../src/domain/tracking/consent';
import type { ConsentContext, ConsentDestination } from '../../../src/domain/tracking/consent';

const groups = (...ids: string[]) => new Set(ids);
const web: ConsentContext = { appContext: false };
const allowed = (destination: ConsentDestination, context: ConsentContext, active: ReadonlySet<string>) =>
  isRequirementMet(consentRequirementFor(destination, context), active);
const PARTNER = DEFAULT_CONSENT_FREE_AFFILIATES[0] as string;

describe('consent decisions per destination (spec §4 Consent, §6)', () => {
  it('the data layer needs statistics (C0003) or marketing (C0004) consent', () => {
    expect(allowed('dataLayer', web, groups())).toBe(false);
    expect(allowed('dataLayer', web, groups('C0001', 'C0002'))).toBe(false);
    expect(allowed('dataLayer', web, groups('C0003'))).toBe(true);
    expect(allowed('dataLayer', web, groups('C0004'))).toBe(true);
  });

  it('the affiliate tracker is sent only if marketing or statistics consent is granted', () => {
    expect(allowed('exactag', web, groups('C0001'))).toBe(false);
    expect(allowed('exactag', web, groups('C0003'))).toBe(true);
    expect(allowed('exactag', web, groups('C0004'))).toBe(true);
  });

  it.each(['Order Confirmation', 'Lead'])(
    'the affiliate tracker goes without consent on a %s page for a consent-free cashback partner',
    (siteGroup) => {
      const context = { appContext: false, siteGroup, cashbackPartner: PARTNER };
      expect(allowed('exactag', context, groups())).toBe(true);
    },
  );

  it('the default consent-free list has one entry, a loyalty cashback partner', () => {
    expect(DEFAULT_CONSENT_FREE_AFFILIATES).toEqual(['loyalty-cashback-partner']);
  });

  it('a consent-free partner still needs consent on other page groups', () => {
    for (const siteGroup of ['Product View', 'Homepage', 'Checkout', undefined]) {
      expect(allowed('exactag', { appContext: false, siteGroup, cashbackPartner: PARTNER }, groups())).toBe(false);
    }
  });

  it('a partner that is not on the list needs consent on an order confirmation', () => {
    const context = { appContext: false, siteGroup: 'Order Confirmation', cashbackPartner: 'other-partner' };
    expect(allowed('exactag', context, groups())).toBe(false);
    expect(allowed('exactag', { ...context, cashbackPartner: undefined }, groups())).toBe(false);
  });

  it('honours the configured consent-free list, case-insensitively', () => {
    const context = {
      appContext: false,
      siteGroup: 'Lead',
      cashbackPartner: 'Partner-B',
      consentFreeAffiliates: ['partner-a', 'partner-b'],
    };
    expect(isConsentFreeAffiliate(context)).toBe(true);
    expect(isConsentFreeAffiliate({ ...context, consentFreeAffiliates: [] })).toBe(false);
    // The list's own spelling counts as little as the cookie's: a shop that writes ' Partner-B '.
    expect(isConsentFreeAffiliate({ ...context, cashbackPartner: 'partner-b', consentFreeAffiliates: [' Partner-B '] })).toBe(true);
  });

  it('a blank entry on the list frees no visitor without a cashback partner (a template filled with a space)', () => {
    const context = { appContext: false, siteGroup: 'Order Confirmation', consentFreeAffiliates: [' '] };
    expect(isConsentFreeAffiliate(context)).toBe(false);
    expect(isConsentFreeAffiliate({ ...context, cashbackPartner: '  ' })).toBe(false);
    expect(allowed('exactag', context, groups())).toBe(false);
  });

  it('the data layer never goes consent-free, not even on a cashback order confirmation', () => {
    const context = { appContext: false, siteGroup: 'Order Confirmation', cashbackPartner: PARTNER };
    expect(allowed('dataLayer', context, groups())).toBe(false);
  });

  it('the first-party tracker always sends, the app bridge is never gated', () => {
    expect(consentRequirementFor('firstParty', web)).toEqual({ kind: 'none' });
    expect(consentRequirementFor('appBridge', web)).toEqual({ kind: 'none' });
  });

  it('app context suppresses the data layer, the affiliate tracker and the first-party tracker', () => {
    const app = { appContext: true, siteGroup: 'Order Confirmation', cashbackPartner: PARTNER };
    for (const destination of ['dataLayer', 'exactag', 'firstParty'] as const) {
      expect(consentRequirementFor(destination, app)).toEqual({ kind: 'suppressed' });
      expect(allowed(destination, app, groups('C0001', 'C0003', 'C0004'))).toBe(false);
    }
    expect(consentRequirementFor('appBridge', app)).toEqual({ kind: 'none' });
  });
});

describe('first-party person id and the unique-user cookie', () => {
  it("replaces the person id by 'noConsent' without consent category 3", () => {
    expect(NO_CONSENT_PERSON_ID).toBe('noConsent');
    expect(firstPartyPersonId('p-123', groups())).toBe('noConsent');
    expect(firstPartyPersonId('p-123', groups('C0004'))).toBe('noConsent');
    expect(firstPartyPersonId('p-123', groups('C0003'))).toBe('p-123');
    expect(firstPartyPersonId(undefined, groups('C0003'))).toBeUndefined();
  });

  it('ttruth_uid may be written only with consent category 3', () => {
    expect(UNIQUE_USER_COOKIE).toBe('ttruth_uid');
    expect(mayWriteUniqueUserCookie(groups('C0003'))).toBe(true);
    expect(mayWriteUniqueUserCookie(groups('C0001', 'C0004'))).toBe(false);
  });
});

describe('app context (spec §2 legacy app context, §6 app-context cookies)', () => {
  it('the legacy platform data attribute smartphone or tablet means app context', () => {
    expect(isAppContext({ platformAttribute: 'smartphone' })).toBe(true);
    expect(isAppContext({ platformAttribute: 'Tablet' })).toBe(true);
    expect(isAppContext({ platformAttribute: 'desktop' })).toBe(false);
  });

  it.each(['app', 'iOS', 'ios', 'android', 'Android', 'smartphone', 'tablet'])('the platform cookie %s means app context', (value) => {
    expect(isAppContext({ platformCookie: value })).toBe(true);
  });

  it('the platform cookie with another value is no app context', () => {
    expect(isAppContext({ platformCookie: 'web' })).toBe(false);
    expect(isAppContext({ platformCookie: 'desktop' })).toBe(false);
  });

  it('the cross-channel app-context cookie means app context unless it says 0 or false', () => {
    expect(isAppContext({ crossChannelCookie: '1' })).toBe(true);
    expect(isAppContext({ crossChannelCookie: 'false' })).toBe(false);
    expect(isAppContext({ crossChannelCookie: '0' })).toBe(false);
    expect(isAppContext({ crossChannelCookie: '' })).toBe(false);
  });

  it('no signal means web context', () => {
    expect(isAppContext({})).toBe(false);
  });
});

describe('cashback_attribution cookie', () => {
  it('reads the partner from the JSON', () => {
    expect(CASHBACK_COOKIE).toBe('cashback_attribution');
    expect(cashbackPartnerFromCookie('{"partner":"loyalty-cashback-partner","ts":1}')).toBe('loyalty-cashback-partner');
  });

  it('reads URL-encoded JSON and numeric partner ids', () => {
    expect(cashbackPartnerFromCookie(encodeURIComponent('{"partner":4711}'))).toBe('4711');
  });

  it.each([undefined, 12, '', 'not json', '{"partner":""}', '{"other":"x"}', '[1,2]', 'null', '%E0%A4%A'])(
    'gives no partner for %j',
    (value) => {
      expect(cashbackPartnerFromCookie(value)).toBeUndefined();
    },
  );

  const cookieText = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.json({ maxDepth: 2 }),
    fc.record({ partner: fc.oneof(fc.string(), fc.integer()) }).map((r) => JSON.stringify(r)),
  );

  it('never throws on arbitrary strings and never gives an empty partner', () => {
    fc.assert(
      fc.property(cookieText, (value) => {
        const partner = cashbackPartnerFromCookie(value);
        expect(partner === undefined || (typeof partner === 'string' && partner !== '')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('consent decision properties', () => {
  const destination = fc.constantFrom<ConsentDestination>('dataLayer', 'exactag', 'firstParty', 'appBridge');
  const groupSet = fc.subarray(['C0001', 'C0002', 'C0003', 'C0004']).map((g) => new Set(g));
  const context = fc.record({
    appContext: fc.boolean(),
    siteGroup: fc.constantFrom('Order Confirmation', 'Lead', 'Product View', 'Homepage', undefined),
    cashbackPartner: fc.constantFrom(PARTNER, 'other', undefined),
  });

  it('in app context nothing reaches a web destination, whatever the consent', () => {
    fc.assert(
      fc.property(destination, groupSet, context, (d, g, c) => {
        if (c.appContext && d !== 'appBridge') expect(allowed(d, c, g)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('without C0003 and C0004 only the first-party tracker, the app bridge and consent-free affiliates go', () => {
    fc.assert(
      fc.property(destination, groupSet, context, (d, g, c) => {
        g.delete('C0003');
        g.delete('C0004');
        const expected =
          d === 'appBridge' ||
          (!c.appContext && (d === 'firstParty' || (d === 'exactag' && isConsentFreeAffiliate(c))));
        expect(allowed(d, c, g)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
