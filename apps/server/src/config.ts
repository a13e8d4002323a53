import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRIZE_MODES, type PrizeMode } from '@fortuna/contracts/games';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { DEPLOYMENT_NAME_PATTERN } from './platform/redis.ts';
import { parseSecretKey } from './platform/secret-box.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

const optional = (schema: z.ZodString) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const integerBetween = (min: number, max: number, fallback: number) => {
  const message = `must be an integer between ${min} and ${max}`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .default(fallback);
};

const DEPLOYMENT_NAME_RULE =
  'must be 1–32 lower-case letters, digits, - or _, starting with a letter or digit';

/** The default deployment name: the database's name (DATABASE_URL) or the PGlite directory's. */
function defaultDeploymentName(config: { DATABASE_URL?: string; PGLITE_DIR: string }): string {
  const source = config.DATABASE_URL
    ? decodeURIComponent(new URL(config.DATABASE_URL).pathname.slice(1))
    : basename(config.PGLITE_DIR);
  return source.toLowerCase();
}

const SECRET_KEY_FORM = '32 random bytes written as 64 hex digits or in base64';
const secretKeyList = z
  .string()
  .default('')
  .refine(
    (value) =>
      value
        .split(',')
        .filter((entry) => entry.trim())
        .every((entry) => parseSecretKey(entry)),
    `must list keys separated by commas, each ${SECRET_KEY_FORM}`,
  );

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An OpenID issuer: https, or plain http only on this machine (a local provider for tests). */
const issuerUrl = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((value) => {
      try {
        const url = new URL(value);
        const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
        return url.protocol === 'https:' || (url.protocol === 'http:' && loopback);
      } catch {
        return false;
      }
    }, 'must be an https:// issuer URL (http:// only on localhost)');

const cidrList = z
  .string()
  .default('')
  .transform((value, context) => {
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (const entry of entries) {
      const valid = entry.includes('/') ? ipaddr.isValidCIDR(entry) : ipaddr.isValid(entry);
      if (!valid)
        context.addIssue({
          code: 'custom',
          message: `must list IP addresses or CIDR networks, and "${entry}" is neither`,
        });
    }
    return entries;
  });

const ConfigSchema = z.object({
  PORT: integerBetween(1, 65535, 8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
  /**
   * Connections each node opens to PostgreSQL at most. A posting holds its connection through the
   * commit's WAL flush, so with 10 a burst of transfers queued for the pool: at 35% of pgbench's
   * rate the member transfer's open-loop p99 was 59 ms with 10 and 28–32 ms with 20 (bench/RESULTS.md).
   */
  DATABASE_POOL_SIZE: integerBetween(1, 500, 20),
  PGLITE_DIR: z.string().min(1).default(`${repoRoot}data`),
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL')),
  /**
   * Puts this deployment's Redis keys and channels apart from those of others sharing the server
   * (platform/redis.ts). Unset: the database's name, or the PGlite directory's.
   */
  DEPLOYMENT_NAME: optional(z.string().regex(DEPLOYMENT_NAME_PATTERN, DEPLOYMENT_NAME_RULE)),
  TRUSTED_PROXIES: cidrList,
  GEOIP_DATABASE: optional(z.string()),
  OPS_TOKEN: optional(z.string().min(24, 'must be at least 24 characters')),
  WEB_DIST_DIR: z.string().min(1).default(`${repoRoot}apps/web/dist`),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  SHUTDOWN_TIMEOUT_MS: integerBetween(0, 600_000, 10_000),
  /** Where links in e-mails point (the lobby's public address). */
  PUBLIC_URL: optional(z.string().regex(/^https?:\/\/[^/]+$/, 'must be an http(s) origin without a path')),
  SESSION_IDLE_MINUTES: integerBetween(5, 10_080, 120),
  SESSION_MAX_HOURS: integerBetween(1, 2_160, 24),
  /** log: codes are logged and kept in a development outbox; http: posted to SMS_GATEWAY_URL. */
  SMS_PROVIDER: z.enum(['log', 'http'], { error: 'must be log or http' }).default('log'),
  SMS_GATEWAY_URL: optional(z.string().regex(/^https?:\/\//, 'must be an http(s) URL')),
  SMS_GATEWAY_TOKEN: optional(z.string().min(1)),
  /** log: mails are logged and kept in a development outbox; smtp: sent through SMTP_URL. */
  MAIL_TRANSPORT: z.enum(['log', 'smtp'], { error: 'must be log or smtp' }).default('log'),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  /**
   * on: development aids under /wps/dev/* (SMS and mail outboxes, captcha peek) for trying Fortuna
   * and for tests. Off unless asked for; never on in production.
   */
  DEV_ENDPOINTS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
  /**
   * The demo site: members, balances, operators, the generated catalogue, content with placeholder
   * links. Unset: on for embedded PGlite (trying Fortuna), off with DATABASE_URL (resolved below).
   */
  DEMO_DATA: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  /** Only `production` means anything: it forbids what is unsafe (start-up.ts), it switches nothing on. */
  NODE_ENV: optional(z.string()),
  /** off: this node serves requests and enqueues jobs but runs none and fires no schedules. */
  JOB_WORKERS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  /**
   * Agents' daily salary for a day is paid at the start of the site day this many days after it
   * (ADR 038): the spec's "paid every other day" read as the day after next, 2.
   */
  CONTRACT_SALARY_PAYMENT_DELAY_DAYS: integerBetween(1, 7, 2),
  /**
   * A contract bill of more than this (minor units) is not paid by the settlement run: it waits as
   * AWAITING_APPROVAL for an operator to approve or reject it (ADR 038). Unset: every bill is paid.
   */
  CONTRACT_BILL_APPROVAL_ABOVE_MINOR: optional(
    z.string().regex(/^\d{1,15}$/, { error: 'must be a whole number of minor units' }),
  ),
  MAIL_FROM: z.string().min(3).default('Fortuna <no-reply@fortuna.example>'),
  /** Social one-click login (OpenID Connect): a provider works when its flag is on and both are set. */
  GOOGLE_OIDC_ISSUER: issuerUrl('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: optional(z.string().min(1)),
  GOOGLE_CLIENT_SECRET: optional(z.string().min(1)),
  FACEBOOK_OIDC_ISSUER: issuerUrl('https://www.facebook.com'),
  FACEBOOK_CLIENT_ID: optional(z.string().min(1)),
  FACEBOOK_CLIENT_SECRET: optional(z.string().min(1)),
  /** Seals the per-login state cookie; every node must share it. Unset: random per process. */
  SOCIAL_STATE_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  /**
   * Seals operators' authenticator secrets at rest (AES-256-GCM, ADR 027). Required in
   * production; unset elsewhere, a development key published in the repository
   * (start-up/development-secrets.ts).
   */
  OPERATOR_SECRETS_KEY: optional(
    z.string().refine((value) => parseSecretKey(value), `must be ${SECRET_KEY_FORM}`),
  ),
  /** Keys that sealed before a rotation: they only open; every start re-seals with the current key. */
  OPERATOR_SECRETS_OLD_KEYS: secretKeyList,
  /** Our payment gateway (apps/payment-gateway); unset, the GATEWAY deposit channel is unavailable. */
  PAYMENT_GATEWAY_URL: optional(
    z.string().regex(/^https?:\/\/[^/]+$/, 'must be an http(s) origin without a path'),
  ),
  /** Signs orders to the gateway and checks its callbacks; shared with its GATEWAY_SECRET. */
  PAYMENT_GATEWAY_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  /** The house vendor's (apps/house-games) HMAC secret for the vendor protocol and its launch URLs. */
  HOUSE_VENDOR_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  /** Where the house games are served; launches of house games point there. Unset: not launchable. */
  HOUSE_GAMES_URL: optional(z.string().regex(/^https?:\/\/[^?#]+$/, 'must be an http(s) URL without query')),
  /**
   * The house lottery's operator token (its LOTTERY_OPERATOR_SECRET): the platform's lottery back
   * office (/ops/lottery, ADR 069) reads the draw calendar and liabilities with it. Unset: 503.
   */
  HOUSE_LOTTERY_OPERATOR_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  /**
   * The lottery prize modes this brand offers (spec 9; ADR 056), comma-separated: the game menus
   * and launches refuse any other. Each pays its own odds and rebate (ADR 040).
   */
  LOTTERY_PRIZE_MODES: z
    .string()
    .default(PRIZE_MODES.join(','))
    .transform((value) => value.split(',').map((mode) => mode.trim()))
    .pipe(
      z
        .array(z.enum(PRIZE_MODES, { error: `must list prize modes of ${PRIZE_MODES.join(', ')}` }))
        .min(1, 'must list at least one prize mode'),
    )
    .transform((modes): readonly PrizeMode[] => [...new Set(modes)]),
});

export type Config = Omit<z.infer<typeof ConfigSchema>, 'DEMO_DATA' | 'DEPLOYMENT_NAME'> & {
  DEMO_DATA: 'on' | 'off';
  DEPLOYMENT_NAME: string;
};

export class ConfigError extends Error {}

/** Reads the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.superRefine((config, context) => {
    if (config.SMS_PROVIDER === 'http' && !config.SMS_GATEWAY_URL)
      context.addIssue({
        code: 'custom',
        path: ['SMS_GATEWAY_URL'],
        message: 'is required when SMS_PROVIDER=http',
      });
    if (config.PAYMENT_GATEWAY_URL && !config.PAYMENT_GATEWAY_SECRET)
      context.addIssue({
        code: 'custom',
        path: ['PAYMENT_GATEWAY_SECRET'],
        message: 'is required when PAYMENT_GATEWAY_URL is set',
      });
    if (config.HOUSE_GAMES_URL && !config.HOUSE_VENDOR_SECRET)
      context.addIssue({
        code: 'custom',
        path: ['HOUSE_VENDOR_SECRET'],
        message: 'is required when HOUSE_GAMES_URL is set',
      });
    if (config.MAIL_TRANSPORT === 'smtp' && !config.SMTP_URL)
      context.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required when MAIL_TRANSPORT=smtp',
      });
    if (!config.DEPLOYMENT_NAME && !DEPLOYMENT_NAME_PATTERN.test(defaultDeploymentName(config)))
      context.addIssue({
        code: 'custom',
        path: ['DEPLOYMENT_NAME'],
        message: `is required: the default, the database's name "${defaultDeploymentName(config)}", ${DEPLOYMENT_NAME_RULE}`,
      });
  }).safeParse(env);
  if (parsed.success)
    return {
      ...parsed.data,
      DEMO_DATA: parsed.data.DEMO_DATA ?? (parsed.data.DATABASE_URL ? 'off' : 'on'),
      DEPLOYMENT_NAME: parsed.data.DEPLOYMENT_NAME ?? defaultDeploymentName(parsed.data),
    };
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}
