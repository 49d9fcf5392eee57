import { defineConfig } from 'vitest/config';

// Three suites: the pure domain in Node (no DOM at all), the UI and browser adapters in jsdom,
// and the end-to-end tests that drive Debian's Chromium.
export default defineConfig({
  test: {
    globals: true,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['test/domain/**/*.test.ts'],
          environment: 'node',
          globals: true,
          // Property tests run hundreds of cases: on a shared, loaded machine 5 s is too tight a limit.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'ui',
          include: ['test/ui/**/*.test.{ts,tsx}', 'test/adapters/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          globals: true,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globals: true,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
