import fc from 'fast-check';
import {
  CLIENT_VERSION,
  LIBRARY_VERSION,
  withClientMeta,
  type ClientIdentity,
} from '../../../../src/domain/tracking/mapping/client-meta';
import { hasEmptyString, oddAnything } from './mapping-arbitraries';

const client: ClientIdentity = { version: CLIENT_VERSION, emitter: 'customer-support-frontend' };

describe('client meta on data-layer payloads (spec §3: "The client adds cot_client_version and emitter")', () => {
  it('uses the spec versions: library 5.3.1, client 5.3.0', () => {
    expect(LIBRARY_VERSION).toBe('5.3.1');
    expect(CLIENT_VERSION).toBe('5.3.0');
  });

  it('adds cot_client_version and emitter and keeps the payload', () => {
    expect(withClientMeta({ event: 'pageview', page_type: 'home' }, client)).toEqual({
      event: 'pageview',
      page_type: 'home',
      cot_client_version: '5.3.0',
      emitter: 'customer-support-frontend',
    });
  });

  it("lets the client's values win and keeps the payload's where the client has none", () => {
    expect(withClientMeta({ emitter: 'shop-page', cot_client_version: '4.0.0' }, client)).toMatchObject({
      emitter: 'customer-support-frontend',
      cot_client_version: '5.3.0',
    });
    expect(withClientMeta({ emitter: 'shop-page' }, { version: '1.0.1', emitter: '' })).toEqual({
      emitter: 'shop-page',
      cot_client_version: '1.0.1',
    });
  });

  it('gives only the client fields for a payload that is not an object, and removes empty strings', () => {
    expect(withClientMeta(null, client)).toEqual({ cot_client_version: '5.3.0', emitter: 'customer-support-frontend' });
    expect(withClientMeta({ page_name: '', list: ['', 'a'] }, client)).toEqual({
      list: ['a'],
      cot_client_version: '5.3.0',
      emitter: 'customer-support-frontend',
    });
  });

  it('never throws and never leaves an empty string, whatever payload and client it gets', () => {
    fc.assert(
      fc.property(fc.oneof(oddAnything, fc.object()), fc.oneof(oddAnything, fc.object()), (payload, odd) => {
        const out = withClientMeta(payload, odd as ClientIdentity);
        expect(hasEmptyString(out)).toBe(false);
      }),
      { numRuns: 400 },
    );
  });
});
