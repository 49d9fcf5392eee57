import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

/**
 * Flags Debian's Chromium needs on this closed network (without them it stalls on start-up while
 * it tries to reach Google's services).
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where the browser lives: `$CHROME_PATH`, else Debian's `/usr/bin/chromium`. */
export const chromiumPath = (): string => process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Launches the real Chromium for end-to-end tests (never a downloaded Playwright build).
 * Extra options are merged; extra `args` are appended to {@link CHROMIUM_ARGS}.
 */
export const launchChromium = (options: LaunchOptions = {}): Promise<Browser> =>
  chromium.launch({
    ...options,
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
