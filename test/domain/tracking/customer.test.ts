import fc from 'fast-check';
import {
  genderOf,
  isLoggedIn,
  loginStatusOf,
  memberStatus,
  personalFields,
} from '../../../src/domain/tracking/customer';

const customerData = (loginStatus: unknown) => ({
  customer: {
    age: 42,
    salutation: 'MRS',
    anonymousZip: '20355',
    identifiers: { partnerGuid: 'guid-1' },
    email: { base64: 'YUBiLmRl', sha256: 'abc123' },
    statuses: { isScoutUser: false, isCommunityMember: true, isNewsletterSubscriber: 'true', isAppUser: false },
    cardStatus: 'GOLD',
  },
  tracking: { loginStatus, customerTypes: ['coffee'] },
});

describe('login status (spec §3, §6)', () => {
  it('counts LOGGED_IN and REMEMBERED as logged in, LOGGED_OUT as not', () => {
    expect(isLoggedIn('LOGGED_IN')).toBe(true);
    expect(isLoggedIn('REMEMBERED')).toBe(true);
    expect(isLoggedIn('LOGGED_OUT')).toBe(false);
  });

  it('counts any other status text as logged in, as spec §6 says, but not KNOWN', () => {
    for (const status of ['GUEST', 'unknown', ' logged_in ']) expect(isLoggedIn(status)).toBe(true);
    for (const status of ['KNOWN', ' known ', 'logged_out']) expect(isLoggedIn(status)).toBe(false);
  });

  it('counts no status (absent, empty, not a text) as not logged in', () => {
    for (const status of ['', '  ', undefined, null, 1, true, {}]) expect(isLoggedIn(status)).toBe(false);
  });

  it('reads the status in any case, trimmed', () => {
    expect(loginStatusOf(' remembered ')).toBe('REMEMBERED');
    expect(loginStatusOf('logged_out')).toBe('LOGGED_OUT');
    expect(loginStatusOf('x')).toBeUndefined();
  });
});

describe('card status to member status (spec §3)', () => {
  it('maps REGULAR to regular, GOLD to gold, NO_CARD to false', () => {
    expect(memberStatus('REGULAR')).toBe('regular');
    expect(memberStatus('GOLD')).toBe('gold');
    expect(memberStatus('NO_CARD')).toBe(false);
  });

  it("maps anything else to 'not defined'", () => {
    for (const value of ['PLATINUM', '', undefined, null, 0, {}, 'constructor', '__proto__']) {
      expect(memberStatus(value)).toBe('not defined');
    }
  });
});

describe('gender mapping (spec §3)', () => {
  it('maps MR to Herr/m, MRS to Frau/f, DIVERS to Divers/d', () => {
    expect(genderOf('MR')).toEqual({ salutation: 'Herr', gender: 'm' });
    expect(genderOf('MRS')).toEqual({ salutation: 'Frau', gender: 'f' });
    expect(genderOf('DIVERS')).toEqual({ salutation: 'Divers', gender: 'd' });
  });

  it("maps anything else to 'not defined'", () => {
    for (const value of ['MS', '', undefined, null, 3, 'toString']) {
      expect(genderOf(value)).toEqual({ salutation: 'not defined', gender: 'not defined' });
    }
  });

  it('returns a fresh record each time', () => {
    const first = genderOf('MR');
    first.salutation = 'Frau';
    expect(genderOf('MR').salutation).toBe('Herr');
  });
});

describe('personal fields only for logged-in customers (spec §6)', () => {
  it('gives the personal fields for LOGGED_IN and REMEMBERED', () => {
    const expected = {
      age: 42,
      salutation: 'Frau',
      gender: 'f',
      anonymousZip: '20355',
      partnerGuid: 'guid-1',
      emailBase64: 'YUBiLmRl',
      emailSha256: 'abc123',
      memberStatus: 'gold',
      isScoutUser: false,
      isCommunityMember: true,
      isNewsletterSubscriber: true,
      isAppUser: false,
    };
    expect(personalFields(customerData('LOGGED_IN'))).toEqual(expected);
    expect(personalFields(customerData('REMEMBERED'))).toEqual(expected);
  });

  it('gives nothing for LOGGED_OUT, KNOWN and missing data', () => {
    expect(personalFields(customerData('LOGGED_OUT'))).toEqual({});
    expect(personalFields(customerData('KNOWN'))).toEqual({});
    expect(personalFields(customerData(undefined))).toEqual({});
    expect(personalFields(null)).toEqual({});
  });

  it("leaves out missing fields instead of sending empty ones; a missing salutation or card status is 'not defined' (spec: anything else)", () => {
    const notDefined = { salutation: 'not defined', gender: 'not defined', memberStatus: 'not defined' };
    expect(personalFields({ tracking: { loginStatus: 'LOGGED_IN' }, customer: { anonymousZip: '' } })).toEqual(notDefined);
    expect(personalFields({ tracking: { loginStatus: 'LOGGED_IN' }, customer: { salutation: null, cardStatus: null } })).toEqual(notDefined);
    expect(personalFields({ tracking: { loginStatus: 'LOGGED_IN' } })).toEqual(notDefined);
    expect(personalFields({ tracking: { loginStatus: 'LOGGED_IN' }, customer: { salutation: 'X', cardStatus: 'NO_CARD' } })).toEqual({
      salutation: 'not defined',
      gender: 'not defined',
      memberStatus: false,
    });
  });

  it('never gives a personal field unless logged in, and never throws', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (customer, loginStatus) => {
        const fields = personalFields({ customer, tracking: { loginStatus } });
        if (!isLoggedIn(loginStatus)) expect(fields).toEqual({});
        expect(Object.values(fields)).not.toContain('');
      }),
      { numRuns: 500 },
    );
  });

  it('every mapping is total on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(typeof isLoggedIn(value)).toBe('boolean');
        expect(['regular', 'gold', false, 'not defined']).toContain(memberStatus(value));
        expect(['Herr', 'Frau', 'Divers', 'not defined']).toContain(genderOf(value).salutation);
        expect(typeof personalFields(value)).toBe('object');
      }),
      { numRuns: 500 },
    );
  });
});
