import { byAcceptance } from '../../../src/domain/tracking/outbox-order';

describe('outbox order', () => {
  it('drains records accepted in one millisecond in acceptance order, whatever their ids', () => {
    const records = [
      { id: 'f3a1', acceptedAt: 1000, seq: 2 },
      { id: '09bc', acceptedAt: 1000, seq: 3 },
      { id: 'ffff', acceptedAt: 999, seq: 9 },
      { id: 'c0de', acceptedAt: 1000, seq: 1 },
    ];
    expect([...records].sort(byAcceptance).map((r) => r.id)).toEqual(['ffff', 'c0de', 'f3a1', '09bc']);
  });

  it('orders records without a sequence (stored before it) by time, then id', () => {
    const records = [
      { id: 'b', acceptedAt: 5 },
      { id: 'a', acceptedAt: 5 },
      { id: 'c', acceptedAt: 4 },
    ];
    expect([...records].sort(byAcceptance).map((r) => r.id)).toEqual(['c', 'a', 'b']);
  });
});
