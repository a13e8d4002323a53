import { z } from 'zod';

/**
 * The one guard for strings and ids (issue 13): every string of every contract is built with
 * `text()`, every numeric id with `bigintId()` / `intId()`, so bad input is a 400 naming the field
 * and never reaches the database, where it would be a 500:
 * - U+0000 is refused by PostgreSQL in text and jsonb;
 * - a lone UTF-16 surrogate cannot be encoded as UTF-8 (jsonb refuses it, text silently turns it
 *   into U+FFFD, so what is stored is not what was sent);
 * - an id past its column's range makes PostgreSQL fail the query instead of finding nothing.
 * ADR 024. `input-guard.test.ts` walks every exported schema of this package and proves each string and
 * each id field refuses these values, so a schema built without the guard fails the tests.
 */

/** The largest value of a PostgreSQL bigint (and of its identity columns). */
export const BIGINT_MAX = 9_223_372_036_854_775_807n;
/** The largest value of a PostgreSQL integer. */
export const INT_MAX = 2_147_483_647;

/** In a `u` expression a paired surrogate is one code point, so only a lone one is `Cs`. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a string cannot be stored as sent, or null when it can. */
export function unsafeTextReason(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(value)) return 'must be well-formed Unicode (no lone surrogate)';
  return null;
}

/**
 * The text with NUL and lone surrogates replaced by U+FFFD: for answers that quote what a client
 * sent (an unknown key in a validation message), which must stay answerable.
 */
export function toSafeText(value: string): string {
  return value.replaceAll('\u0000', '\uFFFD').replace(/\p{Cs}/gu, '\uFFFD');
}

/** A string that can be stored and shown as sent: no NUL, no lone surrogate. */
export function text(params?: { error?: string }) {
  return z.string(params).superRefine((value, context) => {
    const reason = unsafeTextReason(value);
    if (reason) context.addIssue({ code: 'custom', message: reason, input: value });
  });
}

const ID_DIGITS = /^[1-9]\d{0,18}$/;

/** Decimal digits of a positive id no larger than `max`. */
function idDigits(max: bigint, message: string) {
  return text()
    .regex(ID_DIGITS, message)
    .refine((value) => !ID_DIGITS.test(value) || BigInt(value) <= max, message);
}

/**
 * The decimal id of a bigint identity column, as the API sends it (a string: ids pass 2^53).
 * Positive and at most 2^63−1, so a look-up by it can only find a row or not.
 */
export function bigintId(message = 'must be a numeric id') {
  return idDigits(BIGINT_MAX, message);
}

/** The id of an integer column sent as a decimal string (a game's node id in a path or answer). */
export function intIdText(message = 'must be a numeric id') {
  return idDigits(BigInt(INT_MAX), message);
}

/** The id of an integer column, sent as a number (or a query string of digits when `coerce`). */
export function intId(message = 'must be a numeric id', options: { coerce?: boolean } = {}) {
  const number = options.coerce ? z.coerce.number({ error: message }) : z.number({ error: message });
  return number.int(message).min(1, message).max(INT_MAX, message);
}

/**
 * Ids that are text, not a numeric column (a vendor's transaction or round id, a captcha id, an
 * anchor): any characters the guard allows. Registered so the guard's test tells them from numeric
 * ids that forgot their bound.
 */
export const textIds = z.registry<{ idColumn: 'text' }>();
export function asTextId<T extends z.ZodType>(schema: T): T {
  textIds.add(schema, { idColumn: 'text' });
  return schema;
}
/** A text id of at most `max` characters. */
export function textId(max = 128) {
  return asTextId(text().max(max, `at most ${max} characters`));
}
