import fc from 'fast-check';
import { LOG_BUFFER_CAPACITY, LogBuffer, LogLevel, isLogLevel } from '../../../src/domain/tracking/log-buffer';

describe('log buffer (spec §9: 100 entries, levels 1 to 7)', () => {
  it('holds 100 entries and drops the oldest beyond that', () => {
    const buffer = new LogBuffer();
    for (let i = 0; i < 130; i += 1) buffer.append({ time: i, level: LogLevel.info, message: `m${i}` });
    const entries = buffer.entries();
    expect(LOG_BUFFER_CAPACITY).toBe(100);
    expect(entries).toHaveLength(100);
    expect(entries[0]?.message).toBe('m30');
    expect(entries[99]?.message).toBe('m129');
  });

  it('knows exactly the levels 1 to 7', () => {
    expect([0, 1, 4, 7, 8, 2.5, '3'].map(isLogLevel)).toEqual([false, true, true, true, false, false, false]);
  });

  it('stores an out-of-range level as info rather than dropping the entry', () => {
    const buffer = new LogBuffer();
    buffer.append({ time: 1, level: 42 as LogLevel, message: 'odd' });
    expect(buffer.entries()).toEqual([{ time: 1, level: LogLevel.info, message: 'odd' }]);
  });

  it('never holds more than its capacity and keeps the newest in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 150 }), fc.array(fc.string(), { maxLength: 400 }), (capacity, messages) => {
        const buffer = new LogBuffer(capacity);
        messages.forEach((message, time) => buffer.append({ time, level: LogLevel.debug, message }));
        const kept = buffer.entries().map((e) => e.message);
        expect(kept).toEqual(messages.slice(-capacity));
      }),
      { numRuns: 300 },
    );
  });
});
