import { z } from 'zod';
import { envelopeOf } from './envelope.ts';

/** Wallet calls of spec 7.2 (the rest of the wallet issue defines more here). */
export const WalletPaths = {
  balance: '/wps/v2/wallets/balance',
} as const;

/**
 * Money travels as a decimal string of integer minor units ("123456" is 1,234.56 with 2
 * decimals): JSON numbers cannot hold every bigint, and floating point never touches money.
 */
export const MinorUnitsSchema = z
  .string()
  .regex(/^-?\d{1,19}$/, 'must be a whole number of minor units, as a decimal string')
  .describe('integer minor units as a decimal string, e.g. "123456" for 1,234.56');

export const BalanceSchema = z.object({
  balanceMinor: MinorUnitsSchema,
  currencyCode: z.string(),
  currencySymbol: z.string(),
  /** Minor units per major unit as a power of ten: 2 means cents. */
  decimals: z.number().int().min(0).max(4),
});
export type Balance = z.infer<typeof BalanceSchema>;
export const BalanceResponseSchema = envelopeOf(BalanceSchema);

/** Formats minor units for people: 2 decimals with thousands grouping (spec 9). */
export function formatMinorUnits(minor: string | bigint, decimals = 2, locale = 'en-US'): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const scale = 10n ** BigInt(decimals);
  const whole = new Intl.NumberFormat(locale).format(absolute / scale);
  const fraction = decimals > 0 ? `.${(absolute % scale).toString().padStart(decimals, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
