import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The development secret: fine on one machine, never in production (start-up warns). */
export const DEV_SECRET = 'dev-only-gateway-secret-change-me';
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

const ConfigSchema = z.object({
  GATEWAY_PORT: z.coerce.number().int().min(1).max(65_535).default(8090),
  GATEWAY_HOST: z.string().min(1).default('127.0.0.1'),
  GATEWAY_SECRET: z.string().min(16, 'must be at least 16 characters').default(DEV_SECRET),
  GATEWAY_PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+$/, 'must be an http(s) origin without a path')
    .optional(),
  GATEWAY_DATA_DIR: z.string().min(1).default(`${repoRoot}data/payment-gateway`),
  GATEWAY_MERCHANT_NAME: z.string().min(1).max(80).default('Fortuna'),
  LOG_LEVEL: z.string().default('info'),
});
export type GatewayConfig = z.infer<typeof ConfigSchema> & { GATEWAY_PUBLIC_URL: string };

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(`Invalid gateway configuration: ${problems.join('; ')}`);
  }
  const config = parsed.data;
  return {
    ...config,
    GATEWAY_PUBLIC_URL: config.GATEWAY_PUBLIC_URL ?? `http://127.0.0.1:${config.GATEWAY_PORT}`,
  };
}
