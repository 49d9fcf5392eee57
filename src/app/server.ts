/**
 * The reference backend's entry (`npm start` runs it after the build): reads PORT, HOST, SUPPORT_DB
 * and the other settings of `server/config.ts` from the environment, serves, and shuts down gracefully.
 */
import { configFromEnv } from './server/config';
import { startServer } from './server/build-server';
import { closeOnSignals } from './server/graceful-shutdown';
import { surviveLostOutput } from './server/lost-output';

surviveLostOutput();
try {
  const config = configFromEnv();
  const { app, url } = await startServer(config);
  closeOnSignals(app, { timeoutMs: config.shutdownTimeoutMs });
  console.log(`Support server: ${url}/contact (database ${config.databaseFile})`);
} catch (error) {
  console.error(`The support server could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
