import { LeadDataSchema } from '../../../../src/domain/tracking/entities/lead';

describe('LeadDataSchema', () => {
  it('accepts lead_value as a number or numeric string and rejects other strings', () => {
    expect(LeadDataSchema.safeParse({ lead_id: 'L-1', lead_value: '19.90', exactag_level: 2 }).success).toBe(true);
    expect(LeadDataSchema.safeParse({ lead_value: 19.9 }).success).toBe(true);
    expect(LeadDataSchema.safeParse({ lead_value: 'n/a' }).success).toBe(false);
  });
});
