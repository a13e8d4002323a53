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
  return parsed.data;
}
