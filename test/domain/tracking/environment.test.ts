import fc from 'fast-check';
import { checkEnvironment, environmentFromConfig, environmentFromHost, isLocalHost } from '../../../src/domain/tracking/environment';
import type { LogLevel } from '../../../src/domain/tracking/log-buffer';

// fc.webUrl() is slow to generate; this builds comparable URLs from domains.
const url = fc
  .tuple(fc.constantFrom('http', 'https'), fc.domain(), fc.option(fc.nat(65535)), fc.webPath())
  .map(([scheme, host, port, path]) => `${scheme}://${host}${port === null ? '' : `:${port}`}${path}`);

describe('environment from the page URL (spec §4)', () => {
  it("gives 'development' for a dev label and for localhost", () => {
    for (const host of ['dev.kaffeeshop.de', 'shop-dev.kaffeeshop.de', 'www.dev.kaffeeshop.de', 'localhost', 'localhost:3000', '127.0.0.1', '127.0.0.1:8080', 'LOCALHOST']) {
      expect(environmentFromHost(host)).toBe('development');
    }
  });

  it("gives 'staging' for a staging label", () => {
    for (const host of ['staging.kaffeeshop.de', 'www-staging.kaffeeshop.de', 'shop.staging.kaffeeshop-test.net:443']) {
      expect(environmentFromHost(host)).toBe('staging');
    }
  });

  it("gives 'production' for anything else, also for labels that only contain dev or staging", () => {
    for (const host of ['www.kaffeeshop.de', 'developer.kaffeeshop.de', 'devices.shop.de', 'stagingarea.shop.de', '', undefined, 42]) {
      expect(environmentFromHost(host)).toBe('production');
    }
  });

  it('accepts a full page URL', () => {
    expect(environmentFromHost('https://shop-dev.kaffeeshop.de/m/contact')).toBe('development');
    expect(environmentFromHost('http://localhost:5173/contact')).toBe('development');
    expect(environmentFromHost('https://www.kaffeeshop.de/')).toBe('production');
  });

  it('always answers one of the three environments', () => {
    fc.assert(
      fc.property(fc.oneof(fc.domain(), url, fc.string(), fc.anything()), (host) => {
        expect(['development', 'staging', 'production']).toContain(environmentFromHost(host));
      }),
      { numRuns: 500 },
    );
  });
});

describe('local hosts: no remote logging and no psdata there (spec §5, §7)', () => {
  it.each(['localhost', 'localhost:3000', 'shop.localhost', 'de.shop.localhost:8080', 'LOCALHOST.', '127.0.0.1', '127.1.2.3:80', '[::1]:3000', '::1', 'http://shop.localhost:8123/path'])(
    '%s is local',
    (host) => {
      expect(isLocalHost(host)).toBe(true);
      expect(environmentFromHost(host)).toBe('development');
    },
  );

  it.each(['www.example.com', 'localhost.example.com', 'mylocalhost', '128.0.0.1', '10.0.0.1', '', 'https://www.kaffee.de/'])(
    '%s is not local',
    (host) => expect(isLocalHost(host)).toBe(false),
  );
});

describe('configured environment (spec §4)', () => {
  it('maps dev, staging and live, and accepts the target names', () => {
    expect(environmentFromConfig('dev')).toBe('development');
    expect(environmentFromConfig('staging')).toBe('staging');
    expect(environmentFromConfig('live')).toBe('production');
    expect(environmentFromConfig('development')).toBe('development');
    expect(environmentFromConfig('production')).toBe('production');
    expect(environmentFromConfig(' LIVE ')).toBe('production');
  });

  it("defaults to 'development'", () => {
    for (const value of [undefined, null, '', 'prod', 'toString', '__proto__', 3, {}]) {
      expect(environmentFromConfig(value)).toBe('development');
    }
  });

  it('warns when the configured environment differs from the derived one', () => {
    const entries: { level: LogLevel; message: string }[] = [];
    const log = (level: LogLevel, message: string) => void entries.push({ level, message });
    expect(checkEnvironment('production', 'production', log)).toBe(true);
    expect(entries).toEqual([]);
    expect(checkEnvironment('development', 'production', log)).toBe(false);
    expect(entries).toEqual([
      {
        level: 5,
        message: 'The configured environment "development" does not match the environment "production" derived from the URL.',
      },
    ]);
  });

  it('never throws on odd values', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (a, b) => {
        const log = () => {};
        expect(typeof checkEnvironment(a as never, b as never, log)).toBe('boolean');
        expect(['development', 'staging', 'production']).toContain(environmentFromConfig(a));
      }),
      { numRuns: 300 },
    );
  });
});
