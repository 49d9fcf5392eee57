import fc from 'fast-check';
import { CONFIRMATION_DETAIL_FIELDS, confirmationFacts } from '../../../src/domain/support/cancellation-confirmation';
import { CANCELLATION_TYPES, validateCancellation } from '../../../src/domain/support/cancellation-request';
import { isBlankText } from '../../../src/domain/tracking/mapping/clean';

const text = fc.string({ minLength: 1, maxLength: 40 }).filter((value) => !isBlankText(value));

/** Valid requests as the schema returns them (trimmed, the reason left out when blank). */
const requests = fc
  .record({
    site: fc.constantFrom('de', 'at', 'ch', 'ch_fr'),
    cancellationType: fc.constantFrom(...CANCELLATION_TYPES),
    reason: fc.option(text, { nil: undefined }),
    customerNumber: text,
    subscriptionId: text,
    firstName: text,
    lastName: text,
    email: fc.constantFrom('a@b.de', 'zoë@example.org', 'x.y@shop.ch'),
  })
  .map((input) => validateCancellation(input))
  .filter((result) => result.ok)
  .map((result) => (result.ok ? result.value : undefined)!);

describe('the confirmation of a cancellation', () => {
  it('states the type, the ordinary notice for an ordinary cancellation only, and every detail in the form order', () => {
    fc.assert(
      fc.property(requests, (request) => {
        const facts = confirmationFacts(request);
        expect(facts.type).toBe(request.cancellationType);
        expect(facts.ordinaryNotice).toBe(request.cancellationType === 'ordinary');
        const expected = CONFIRMATION_DETAIL_FIELDS.filter((field) => request[field] !== undefined).map((field) => ({ field, value: request[field] }));
        expect(facts.details).toEqual(expected);
        expect(facts.details.some((detail) => detail.field === 'reason')).toBe(request.reason !== undefined);
      }),
    );
  });

  it('lists the reason last, after the e-mail address', () => {
    const facts = confirmationFacts({
      site: 'de',
      cancellationType: 'extraordinary',
      reason: 'Umzug',
      customerNumber: '1',
      subscriptionId: '2',
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.de',
    });
    expect(facts.details.map((detail) => detail.field)).toEqual(['cancellationType', 'customerNumber', 'subscriptionId', 'firstName', 'lastName', 'email', 'reason']);
    expect(facts.ordinaryNotice).toBe(false);
  });
});
