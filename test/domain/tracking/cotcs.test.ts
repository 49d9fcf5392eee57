import fc from 'fast-check';
import { parseCotcs } from '../../../src/domain/tracking/cotcs';
import type { LogLevel } from '../../../src/domain/tracking/log-buffer';

const sink = () => {
  const entries: { level: LogLevel; message: string }[] = [];
  return { entries, log: (level: LogLevel, message: string) => void entries.push({ level, message }) };
};

describe('cotcs source parameter (spec §2, §5)', () => {
  it('reads source level 1, source level 2 and the feature', () => {
    const { entries, log } = sink();
    expect(parseCotcs('newsletter,kw12,teaser', 'https://www.google.com/', log)).toEqual({
      sl1: 'newsletter',
      sl2: 'kw12',
      sf: 'teaser',
    });
    expect(entries).toEqual([]);
  });

  it('needs no feature, trims values and ignores values after the third', () => {
    const { entries, log } = sink();
    expect(parseCotcs(' sea , brand ', undefined, log)).toEqual({ sl1: 'sea', sl2: 'brand' });
    expect(parseCotcs('sea,brand,,x', undefined, log)).toEqual({ sl1: 'sea', sl2: 'brand' });
    expect(parseCotcs('sea,brand,f,x,y', undefined, log)).toEqual({ sl1: 'sea', sl2: 'brand', sf: 'f' });
    expect(entries).toEqual([]);
  });

  it('warns and falls back to the referrer when fewer than two values are given', () => {
    for (const cotcs of ['newsletter', 'newsletter,', ',kw12', ' , ,teaser']) {
      const { entries, log } = sink();
      expect(parseCotcs(cotcs, 'https://www.google.com/search?q=kaffee', log)).toEqual({
        sl1: 'external',
        sl2: 'www.google.com',
      });
      expect(entries).toEqual([
        {
          level: 5,
          message: `The cotcs parameter "${cotcs.trim()}" needs at least source level 1 and source level 2. The referrer is used instead.`,
        },
      ]);
    }
  });

  it('falls back to the referrer class and host, or only the class without a referrer', () => {
    const { log } = sink();
    expect(parseCotcs('x', 'https://m.kaffeeshop.de/kaffee', log)).toEqual({ sl1: 'internal', sl2: 'm.kaffeeshop.de' });
    expect(parseCotcs('x', '', log)).toEqual({ sl1: 'direct' });
    expect(parseCotcs('x', 'garbage', log)).toEqual({ sl1: 'external' });
    expect(parseCotcs('x', 'https://partner.example/', log, ['partner.example'])).toEqual({
      sl1: 'internal',
      sl2: 'partner.example',
    });
  });

  it('uses the referrer without a warning when there is no cotcs', () => {
    for (const cotcs of [undefined, null, '', '  ']) {
      const { entries, log } = sink();
      expect(parseCotcs(cotcs, 'https://www.bing.com/', log)).toEqual({ sl1: 'external', sl2: 'www.bing.com' });
      expect(entries).toEqual([]);
    }
  });

  it('warns for a cotcs that is not text', () => {
    const { entries, log } = sink();
    expect(parseCotcs({ a: 1 }, undefined, log)).toEqual({ sl1: 'direct' });
    expect(entries).toHaveLength(1);
  });

  it('never throws, never returns an empty value, and warns exactly when it falls back on a given cotcs', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 4 }).map((p) => p.join(',')), fc.anything()), fc.anything(), (cotcs, referrer) => {
        const { entries, log } = sink();
        const source = parseCotcs(cotcs, referrer, log);
        expect(Object.values(source)).not.toContain('');
        expect(typeof source.sl1).toBe('string');
        const fellBack = ['direct', 'internal', 'external'].includes(source.sl1) && source.sf === undefined && entries.length === 1;
        expect(entries.length === 0 || fellBack).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
