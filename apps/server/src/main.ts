import { ConfigError } from './config.ts';
import { StartRefused } from './start-up/production-refusals.ts';
import { type StartedFortuna, startFortuna } from './start-up/start.ts';

let started: StartedFortuna;
try {
  started = await startFortuna();
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof StartRefused)) throw error;
  console.error(error.message);
  process.exit(1);
}
const { app, config, database, events, counter } = started;

let stopping = false;
/** Stops taking connections, lets in-flight requests finish, then closes the database. */
async function shutdown(signal: string): Promise<void> {
  if (stopping) {
    app.log.warn({ signal }, 'second signal: exiting now');
    process.exit(1);
  }
  stopping = true;
  app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
  const force = setTimeout(() => {
    app.log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out: exiting');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS);
  force.unref();
  try {
    await app.close();
    await events.close();
    await counter.close();
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
