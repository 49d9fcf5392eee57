import {
  CustomerFrontendDataSchema,
  LOGIN_STATUSES,
} from '../../../../src/domain/tracking/entities/customer-frontend-data';

describe('CustomerFrontendDataSchema', () => {
  it('lists the login statuses LOGGED_IN, REMEMBERED, LOGGED_OUT', () => {
    expect(LOGIN_STATUSES).toEqual(['LOGGED_IN', 'REMEMBERED', 'LOGGED_OUT']);
  });

  it('accepts customer and tracking as the backend sends them', () => {
    const data = {
      customer: {
        age: 42,
        salutation: 'MRS',
        anonymousZip: '20095',
        identifiers: { partnerGuid: 'abc' },
        email: { base64: 'YQ==', sha256: 'ca97' },
        statuses: { isScoutUser: false, isCommunityMember: 'true', isNewsletterSubscriber: true, isAppUser: false },
        cardStatus: 'GOLD',
      },
      tracking: {
        loginStatus: 'REMEMBERED',
        customerTypes: ['coffee'],
        customerValueSegments: { overall: 'A', travel: 'C' },
        channelCode: 'web',
        conversionProbability: { assortment: { x1: 0.2, x14: '0.9' }, mobil: {} },
      },
    };
    const parsed = CustomerFrontendDataSchema.safeParse(data);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.tracking?.conversionProbability?.assortment?.x14).toBe('0.9');
  });

  it('accepts tracking null (the value after a failed fetch)', () => {
    expect(CustomerFrontendDataSchema.safeParse({ customer: {}, tracking: null }).success).toBe(true);
  });

  it('rejects a non-numeric conversion probability field', () => {
    expect(CustomerFrontendDataSchema.safeParse({ tracking: { conversionProbability: { coffee: { x7: 'high' } } } }).success).toBe(false);
  });
});
