/** Why a typed amount cannot be sent; each has a message under `amount.<problem>`. */
export type AmountProblem = 'required' | 'format' | 'tooManyDecimals' | 'notPositive' | 'tooLarge';

export type ParsedAmount = { ok: true; minor: string } | { ok: false; problem: AmountProblem };

/** Digits with optional thousands groups of three ("1,234"), then an optional fraction. */
const AMOUNT_PATTERN = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/;

/**
 * An amount typed in major units ("1,234.56", "500", "0.5") as a decimal string of minor units
 * ("123456"). It reads the digits as text, never as a floating-point number, so no cent is ever
 * rounded away; more decimals than the currency has are refused rather than cut.
 */
export function parseAmountInput(text: string, decimals = 2, maxMinor?: bigint): ParsedAmount {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'required' };
  const match = AMOUNT_PATTERN.exec(trimmed);
  if (!match) return { ok: false, problem: 'format' };
  const whole = (match[1] ?? '').replaceAll(',', '');
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return { ok: false, problem: 'tooManyDecimals' };
  const minor = BigInt(whole + fraction.padEnd(decimals, '0'));
  if (minor <= 0n) return { ok: false, problem: 'notPositive' };
  if (maxMinor !== undefined && minor > maxMinor) return { ok: false, problem: 'tooLarge' };
  return { ok: true, minor: minor.toString() };
}

/** Minor units as an amount a member can edit: "123456" → "1234.56" (no grouping, exact). */
export function minorToAmountInput(minor: string | bigint, decimals = 2): string {
  const value = BigInt(minor);
  const sign = value < 0n ? '-' : '';
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0');
  if (decimals === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}
