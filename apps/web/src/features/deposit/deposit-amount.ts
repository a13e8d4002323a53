import { type DepositChannel, MAX_AMOUNT_MINOR } from '@fortuna/contracts/deposit';
import { formatMinorUnits } from '@fortuna/contracts/wallet';
import { parseAmountInput } from '../../shared/money/amount-input.ts';
import type { FieldMessage } from '../../shared/ui/form/field-message.ts';

export type DepositAmountCheck = { ok: true; minor: string } | { ok: false; message: FieldMessage };

/**
 * A typed amount checked before an order is opened: a well-formed amount (no more decimals than
 * the currency has) within the channel's minimum and maximum, named with the currency symbol.
 */
export function checkDepositAmount(
  text: string,
  channel: Pick<DepositChannel, 'minMinor' | 'maxMinor'>,
  money: { symbol: string; decimals: number },
): DepositAmountCheck {
  const parsed = parseAmountInput(text, money.decimals, MAX_AMOUNT_MINOR);
  if (!parsed.ok)
    return {
      ok: false,
      message: { key: `wallet.amount.${parsed.problem}`, values: { decimals: money.decimals } },
    };
  const minor = BigInt(parsed.minor);
  const said = (limit: string) => `${money.symbol} ${formatMinorUnits(limit, money.decimals)}`;
  if (minor < BigInt(channel.minMinor))
    return { ok: false, message: { key: 'deposit.belowMin', values: { min: said(channel.minMinor) } } };
  if (minor > BigInt(channel.maxMinor))
    return { ok: false, message: { key: 'deposit.aboveMax', values: { max: said(channel.maxMinor) } } };
  return { ok: true, minor: parsed.minor };
}

/** The channel's fee on an amount, as the server works it out: basis points rounded down plus the fixed part. */
export function depositFeeMinor(
  amountMinor: string,
  channel: Pick<DepositChannel, 'feeBasisPoints' | 'feeFixedMinor'>,
): bigint {
  return (BigInt(amountMinor) * BigInt(channel.feeBasisPoints)) / 10_000n + BigInt(channel.feeFixedMinor);
}

/** Quick amounts (in minor units) inside the channel's limits: the usual picks, else the minimum. */
export function quickAmountsOf(
  channel: Pick<DepositChannel, 'minMinor' | 'maxMinor'>,
  decimals: number,
): string[] {
  const scale = 10n ** BigInt(decimals);
  const usual = [100n, 500n, 1_000n, 5_000n, 10_000n, 50_000n].map((major) => major * scale);
  const fits = usual.filter(
    (minor) => minor >= BigInt(channel.minMinor) && minor <= BigInt(channel.maxMinor),
  );
  return (fits.length > 0 ? fits : [BigInt(channel.minMinor)]).map(String);
}
