import { PasswordSchema, passwordContainsUsername } from '@fortuna/contracts/credentials';
import { ErrorCatalogue, type ErrorCode } from '@fortuna/contracts/errors';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';

/**
 * The password policy of members and operators (NIST SP 800-63B 5.1.1.2), checked on the server
 * wherever a password is chosen: registration, change, reset, an operator's password, the first
 * ADMIN. Besides the account's shape rule from the contracts (members: 8 to 64 characters, a
 * letter and a digit, no edge spaces; operators: 12 to 128 characters), a password is refused when it
 * - contains the account's username (or mobile number);
 * - is a password this product is known by: the site's default password, the demo password
 *   printed in the README, or the brand's name dressed with digits and signs ("Fortuna2026");
 * - is common or easy to guess: zxcvbn's estimate, with its list of common and breached passwords,
 *   under a million guesses (score below 2).
 */

/** Passwords published with the product: the demo accounts' and the seeded default. */
export const PUBLISHED_PASSWORDS: readonly string[] = ['Fortuna2026', 'Fortuna123'];

/** zxcvbn's score from which a password counts as not guessable online (10^6 guesses and more). */
export const MIN_GUESSABILITY_SCORE = 2;

/**
 * Only the start of a password is estimated: the estimate's cost grows steeply with length (a
 * 64-character repetition took 0.3 s here), and a long password whose first 32 characters are
 * strong is strong.
 */
const ESTIMATED_LENGTH = 32;

export interface PasswordContext {
  /** The account's username; for a mobile registration the number. */
  username?: string;
  /** The brand's name, e.g. "Fortuna". */
  brandName?: string;
  /** The site's default password (brand setting), '' when none. */
  defaultPassword?: string;
}

/** The context from the site's settings (the system service has both calls) and the account. */
export function passwordContextOf(
  site: { siteInfo(): { brandName: string }; passwordPolicy(): { defaultPassword: string } },
  username?: string,
): PasswordContext {
  return {
    username,
    brandName: site.siteInfo().brandName,
    defaultPassword: site.passwordPolicy().defaultPassword,
  };
}

let estimator: ZxcvbnFactory | undefined;
/** Built on first use: loading the dictionaries takes a quarter of a second. */
function guessability(password: string, userInputs: string[]): number {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...dictionary },
    graphs: adjacencyGraphs,
    // l33t substitutions are tried up to 8 at a time: unbounded, one estimate took 0.4 s.
    l33tMaxSubstitutions: 8,
  });
  return estimator.check(password.slice(0, ESTIMATED_LENGTH), userInputs).score;
}

const lettersOf = (text: string) => text.toLowerCase().replace(/[^\p{L}]/gu, '');

function isKnownPassword(password: string, context: PasswordContext): boolean {
  const lower = password.toLowerCase();
  const published = [...PUBLISHED_PASSWORDS, context.defaultPassword ?? ''].filter(Boolean);
  if (published.some((known) => known.toLowerCase() === lower)) return true;
  // The brand's name (or one word of it) with only digits and signs around it.
  const brandWords = lettersOf(context.brandName ?? '')
    ? [context.brandName ?? '', ...(context.brandName ?? '').split(/\s+/)].map(lettersOf)
    : [];
  const letters = lettersOf(password);
  return brandWords.some((word) => word.length >= 4 && word === letters);
}

/** The shape rule of members' passwords; operators pass their own (OperatorPasswordSchema). */
type ShapeRule = z.ZodType<string, string>;

/** Why the policy refuses `password`, as a catalogue code with its wording; null when it is fine. */
export function passwordRefusal(
  password: string,
  context: PasswordContext = {},
  shapeRule: ShapeRule = PasswordSchema,
): { code: ErrorCode; message: string } | null {
  const shape = shapeRule.safeParse(password);
  if (!shape.success)
    return { code: 'VALIDATION_FAILED', message: shape.error.issues[0]?.message ?? 'is not valid' };
  const refuse = (code: ErrorCode) => ({ code, message: ErrorCatalogue[code].message });
  if (passwordContainsUsername(password, context.username)) return refuse('PASSWORD_HAS_USERNAME');
  if (isKnownPassword(password, context)) return refuse('PASSWORD_KNOWN_DEFAULT');
  const userInputs = [context.username, context.brandName, context.defaultPassword].filter(
    (input): input is string => Boolean(input),
  );
  if (guessability(password, userInputs) < MIN_GUESSABILITY_SCORE) return refuse('PASSWORD_TOO_COMMON');
  return null;
}

/**
 * Throws the refusal as a 400 naming `field` (e.g. 'body.newPassword'), so the lobby shows the
 * reason under the field in the member's language (the catalogue code's translation).
 */
export function enforcePasswordPolicy(
  password: string,
  context: PasswordContext,
  field: string,
  shapeRule: ShapeRule = PasswordSchema,
): void {
  const refusal = passwordRefusal(password, context, shapeRule);
  if (!refusal) return;
  if (refusal.code === 'VALIDATION_FAILED') throw AppError.invalidField(field, refusal.message);
  throw new AppError(refusal.code, { issues: [{ field, message: refusal.message }] });
}
