import fc from 'fast-check';
import {
  groupsFromActiveGroupsList,
  groupsFromConsentCookie,
  groupsFromConsentCookies,
  groupsFromDataLayerEntry,
  hasStatisticsOrMarketing,
} from '../../../src/domain/tracking/consent-groups';

const sorted = (groups: ReadonlySet<string> | undefined) => (groups === undefined ? undefined : [...groups].sort());

/** An OptanonConsent value as OneTrust writes it (decisions.md "Consent (OneTrust conventions)"). */
const cookie = (groups: string) =>
  `isGpcEnabled=0&datestamp=Tue+Mar+05+2024+10%3A00%3A00+GMT%2B0100&version=202401.1.0&isIABGlobal=false&hosts=&consentId=abc&interactionCount=1&landingPath=NotLandingPage&groups=${groups}&AwaitingReconsent=false`;

describe('OptanonConsent cookie (decisions.md: groups C0001:1,C0002:0,C0003:1,C0004:0)', () => {
  it('reads the active groups from the URL-encoded groups parameter', () => {
    expect(sorted(groupsFromConsentCookie(cookie('C0001%3A1%2CC0002%3A0%2CC0003%3A1%2CC0004%3A0')))).toEqual([
      'C0001',
      'C0003',
    ]);
  });

  it('takes a group named both granted and refused (a broken or hand-made consent tool) as refused, whatever the order', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('C0001', 'C0002', 'C0003', 'C0004'), { maxLength: 8 }), fc.array(fc.constantFrom('C0001', 'C0002', 'C0003', 'C0004'), { maxLength: 8 }), fc.boolean(), (granted, refused, refusedFirst) => {
          const entries = [...granted.map((group) => `${group}:1`), ...refused.map((group) => `${group}:0`)];
          const groups = groupsFromConsentCookie(cookie(encodeURIComponent((refusedFirst ? entries.reverse() : entries).join(','))));
          expect(sorted(groups)).toEqual([...new Set(granted.filter((group) => !refused.includes(group)))].sort());
        },
      ),
    );
    expect(sorted(groupsFromConsentCookie(cookie('C0003%3A1%2CC0003%3A0')))).toEqual([]);
  });

  it('reads a value the cookie jar has already decoded', () => {
    expect(sorted(groupsFromConsentCookie('consentId=x&groups=C0001:1,C0002:1,C0003:0,C0004:1'))).toEqual([
      'C0001',
      'C0002',
      'C0004',
    ]);
  });

  it('reads a value that was URL-encoded once more as a whole', () => {
    const twice = encodeURIComponent(cookie('C0001%3A1%2CC0004%3A1'));
    expect(sorted(groupsFromConsentCookie(twice))).toEqual(['C0001', 'C0004']);
  });

  it('still reads the groups when the value holds malformed URI encoding', () => {
    expect(sorted(groupsFromConsentCookie('groups=C0001%3A1%2CC0003%3A1%2CC0004%3A%E0%A4%A'))).toEqual([
      'C0001',
      'C0003',
    ]);
  });

  it('counts only ":1" as active', () => {
    expect(sorted(groupsFromConsentCookie('groups=C0001:1,C0002:0,C0003:10,C0004:true,C0005,:1,C0006: 1 '))).toEqual([
      'C0001',
      'C0006',
    ]);
  });

  it("reads a form-encoded value ('+' for a space) and group ids in lower case", () => {
    expect(sorted(groupsFromConsentCookie('groups=C0001%3A1%2C+C0003%3A1'))).toEqual(['C0001', 'C0003']);
    expect(sorted(groupsFromConsentCookie('groups=c0001:1,c0004:1'))).toEqual(['C0001', 'C0004']);
  });

  it('finds only the parameter named groups', () => {
    expect(sorted(groupsFromConsentCookie('genVendors=V1:1&groupsX=C0003:1&groups=C0004:1'))).toEqual(['C0004']);
  });

  it.each([undefined, null, 42, {}, '', 'no-groups-here', 'groups=', '%E0%A4%A', 'groups=%'])(
    'gives no groups for %j',
    (value) => {
      expect(groupsFromConsentCookie(value).size).toBe(0);
    },
  );
});

describe('two OptanonConsent cookies (one for the host, one for the shop domain: a consent tool whose cookie domain changed)', () => {
  const GROUPS = ['C0001', 'C0002', 'C0003', 'C0004'] as const;
  const choice = fc.record({ C0001: fc.boolean(), C0002: fc.boolean(), C0003: fc.boolean(), C0004: fc.boolean() });
  const written = (marks: Record<string, boolean>) => cookie(encodeURIComponent(GROUPS.map((group) => `${group}:${marks[group] ? 1 : 0}`).join(',')));

  it('grants a group only when each cookie grants it: a refusal in either wins, whichever the browser lists first', () => {
    fc.assert(
      fc.property(fc.array(choice, { minLength: 1, maxLength: 4 }), (cookies) => {
        const groups = groupsFromConsentCookies(cookies.map(written));
        expect(sorted(groups)).toEqual(GROUPS.filter((group) => cookies.every((marks) => marks[group])));
      }),
    );
  });

  it('reads one cookie as before, and none as no groups', () => {
    fc.assert(
      fc.property(choice, (marks) => {
        expect(sorted(groupsFromConsentCookies([written(marks)]))).toEqual(sorted(groupsFromConsentCookie(written(marks))));
      }),
    );
    expect(sorted(groupsFromConsentCookies([]))).toEqual([]);
  });

  it('an unreadable second cookie grants nothing', () => {
    expect(sorted(groupsFromConsentCookies([cookie('C0001%3A1%2CC0003%3A1'), 'garbage']))).toEqual([]);
  });
});

describe('OneTrustGroupsUpdated data-layer entry', () => {
  it('reads OnetrustActiveGroups ",C0001,C0003,"', () => {
    expect(sorted(groupsFromDataLayerEntry({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' }))).toEqual([
      'C0001',
      'C0003',
    ]);
  });

  it('an empty list means no active groups', () => {
    expect(sorted(groupsFromDataLayerEntry({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: '' }))).toEqual([]);
  });

  it("reads groups separated by spaces, ';' or '|' as a comma-separated list, in any case", () => {
    for (const list of ['C0001 C0003', ';C0001;C0003;', '|C0001|C0003|', ', c0001 , c0003 ,']) {
      expect(sorted(groupsFromActiveGroupsList(list))).toEqual(['C0001', 'C0003']);
    }
  });

  it('accepts the groups as a list of strings too', () => {
    expect(sorted(groupsFromActiveGroupsList(['C0004', ' C0003 ', 7, '']))).toEqual(['C0003', 'C0004']);
  });

  it.each([
    { event: 'pageview', OnetrustActiveGroups: ',C0003,' },
    { event: 'OneTrustGroupsUpdated' },
    { event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: 5 },
    null,
    'OneTrustGroupsUpdated',
    [],
  ])('ignores %j', (entry) => {
    expect(groupsFromDataLayerEntry(entry)).toBeUndefined();
  });

  it('ignores an entry whose getter throws', () => {
    const entry = Object.defineProperty({}, 'event', {
      get() {
        throw new Error('page-owned getter');
      },
    });
    expect(groupsFromDataLayerEntry(entry)).toBeUndefined();
  });
});

describe('statistics or marketing', () => {
  it('is C0003 or C0004', () => {
    expect(hasStatisticsOrMarketing(new Set(['C0003']))).toBe(true);
    expect(hasStatisticsOrMarketing(new Set(['C0004']))).toBe(true);
    expect(hasStatisticsOrMarketing(new Set(['C0001', 'C0002']))).toBe(false);
  });
});

describe('consent parsing properties', () => {
  const cookieLike = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc
      .array(fc.constantFrom('groups=', '&', '=', '%', '%3A', '%2C', '%E0', 'C0003', ':1', ',', ':', '%25', '%26', '%3D'), {
        maxLength: 40,
      })
      .map((parts) => parts.join('')),
  );

  it('consent parsing never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(cookieLike, (value) => {
        expect(() => groupsFromConsentCookie(value)).not.toThrow();
        expect(() => groupsFromActiveGroupsList(value)).not.toThrow();
        expect(() => groupsFromDataLayerEntry({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: value })).not.toThrow();
      }),
      { numRuns: 1000 },
    );
  });

  it('consent parsing never throws on arbitrary values', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(groupsFromConsentCookie(value)).toBeInstanceOf(Set);
        expect(() => groupsFromDataLayerEntry(value)).not.toThrow();
        expect(() => groupsFromDataLayerEntry({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: value })).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it('a cookie lists as active exactly the groups marked ":1"', () => {
    const id = fc.stringMatching(/^[A-Z][A-Z0-9]{0,7}$/);
    fc.assert(
      fc.property(fc.dictionary(id, fc.boolean(), { maxKeys: 12 }), fc.boolean(), (flags, encoded) => {
        const list = Object.entries(flags)
          .map(([group, on]) => `${group}:${on ? 1 : 0}`)
          .join(',');
        const value = cookie(encoded ? encodeURIComponent(list) : list);
        const expected = Object.entries(flags)
          .filter(([, on]) => on)
          .map(([group]) => group)
          .sort();
        expect(sorted(groupsFromConsentCookie(value))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
