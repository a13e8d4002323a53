import { HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import { z } from 'zod';
import { parseResultOperators } from './lottery/result-operators.ts';

const ConfigSchema = z.object({
  HOUSE_PORT: z.coerce.number().int().min(1).max(65_535).default(8095),
  HOUSE_HOST: z.string().min(1).default('127.0.0.1'),
  /** The vendor protocol's shared secret: the platform's HOUSE_VENDOR_SECRET. */
  HOUSE_VENDOR_SECRET: z.string().min(16, 'must be at least 16 characters'),
  /** The platform's API origin, where /vendor/v1/FORTUNA/… is called. */
  PLATFORM_URL: z.string().regex(/^https?:\/\/[^?#]+$/, 'must be an http(s) URL without query'),
  HOUSE_VENDOR_CODE: z
    .string()
    .regex(/^[A-Z0-9_]{2,20}$/)
    .default(HOUSE_VENDOR_CODE),
  /** How far a launch URL's ts may be from our clock (the vendor's clock window on the platform). */
  HOUSE_LAUNCH_WINDOW_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** The lobby's public origin, the platform's PUBLIC_URL: the only site that may frame the games. */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+$/, 'must be an http(s) origin without a path')
    .optional(),
  /** The house lottery's own database (ADR 040); without it (or LOTTERY_PGLITE_DIR) the lottery does not run. */
  LOTTERY_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// URL')
    .optional(),
  /** Connections to the lottery's database, per node: each slip holds one for two short statements. */
  LOTTERY_DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(4),
  /**
   * Trying Fortuna (`npm start` without a database): the lottery on embedded PGlite in this
   * directory, for one node only. LOTTERY_DATABASE_URL wins when both are set.
   */
  LOTTERY_PGLITE_DIR: z.string().min(1).optional(),
  /**
   * The bearer token of the lottery's operator calls (ADR 051: correcting a settled draw's result);
   * without it those calls are not served.
   */
  LOTTERY_OPERATOR_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Who enters and confirms the Vietnam regional results (ADR 054): `name:token` pairs separated
   * by commas, at least two operators, each token at least 32 characters and their own.
   */
  LOTTERY_RESULT_OPERATORS: z
    .string()
    .transform((setting, context) => {
      const operators = parseResultOperators(setting);
      if (typeof operators === 'string') {
        context.addIssue({ code: 'custom', message: operators });
        return z.NEVER;
      }
      return operators;
    })
    .optional(),
  /**
   * `on` for browser tests and trying Fortuna only (ADR 071): the result operators may move the
   * Vietnam regional draws' clock ahead, to enter and pay a result without waiting for the day's
   * draw. Refused in production: a real site's draws are held on the real clock.
   */
  LOTTERY_MOVABLE_CLOCK: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
});
export type HouseGamesConfig = z.infer<typeof ConfigSchema>;

export function loadHouseGamesConfig(env: NodeJS.ProcessEnv = process.env): HouseGamesConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(`Invalid house-games configuration: ${problems.join('; ')}`);
  }
  const unsafe = unsafeCombinations(parsed.data);
  if (unsafe.length > 0) throw new Error(`Invalid house-games configuration: ${unsafe.join('; ')}`);
  return parsed.data;
}

/** Settings valid alone that must not go together. */
function unsafeCombinations(config: HouseGamesConfig): string[] {
  const problems: string[] = [];
  if (config.LOTTERY_MOVABLE_CLOCK === 'on' && config.NODE_ENV === 'production')
    problems.push(
      'LOTTERY_MOVABLE_CLOCK must not be on with NODE_ENV=production: it lets operators move the regional draws’ clock',
    );
  if (config.LOTTERY_MOVABLE_CLOCK === 'on' && !config.LOTTERY_RESULT_OPERATORS)
    problems.push('LOTTERY_MOVABLE_CLOCK=on needs LOTTERY_RESULT_OPERATORS: only they may move the clock');
  return problems;
}
