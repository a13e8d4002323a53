// The payment gateway's process: see README.md in this folder.
import { buildGatewayApp } from './app.ts';
import { DEV_SECRET, loadGatewayConfig } from './config.ts';

// A sandbox provider whose Pay button credits deposits for free: never part of a production site.
if (process.env.NODE_ENV === 'production') {
  console.error(
    'Refusing to start with NODE_ENV=production: this payment gateway is a sandbox (anyone may press Pay); use a real payment provider',
  );
  process.exit(1);
}

let config: ReturnType<typeof loadGatewayConfig>;
try {
  config = loadGatewayConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const { app } = await buildGatewayApp({
  secret: config.GATEWAY_SECRET,
  publicUrl: config.GATEWAY_PUBLIC_URL,
  merchantName: config.GATEWAY_MERCHANT_NAME,
  dataDir: config.GATEWAY_DATA_DIR,
});
if (config.GATEWAY_SECRET === DEV_SECRET) {
  app.log.warn('GATEWAY_SECRET is the development default: set a secret of your own outside development');
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) process.exit(1);
  stopping = true;
  app.log.info({ signal }, 'shutting down: pending callbacks stay in the data directory');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.GATEWAY_PORT, host: config.GATEWAY_HOST });
app.log.info({ publicUrl: config.GATEWAY_PUBLIC_URL }, 'payment gateway ready');
