import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The operators who enter and confirm regional results (ADR 054), each with a bearer token of
 * their own: the server knows who calls from the token alone, so "a second, different operator"
 * is two tokens, not two names typed into a body. Configured as LOTTERY_RESULT_OPERATORS,
 * `name:token` pairs separated by commas.
 */
export interface ResultOperator {
  name: string;
  token: string;
}

const NAME = /^[a-z0-9][a-z0-9._-]{0,39}$/;
export const RESULT_OPERATOR_TOKEN_MIN = 32;

/** The operators of the setting, or what is wrong with it (never echoing a token). */
export function parseResultOperators(setting: string): ResultOperator[] | string {
  const operators = setting.split(',').map((pair) => {
    const colon = pair.indexOf(':');
    return { name: pair.slice(0, colon).trim(), token: pair.slice(colon + 1).trim() };
  });
  if (operators.length < 2) return 'must name at least two operators: one enters, another confirms';
  for (const [index, operator] of operators.entries()) {
    if (!NAME.test(operator.name))
      return `operator ${index + 1}: the name must be 1–40 lower-case letters, digits, dots, dashes or underscores`;
    if (operator.token.length < RESULT_OPERATOR_TOKEN_MIN)
      return `operator ${operator.name}: the token must be at least ${RESULT_OPERATOR_TOKEN_MIN} characters`;
  }
  if (new Set(operators.map((o) => o.name)).size !== operators.length) return 'names an operator twice';
  if (new Set(operators.map((o) => o.token)).size !== operators.length)
    return 'gives two operators one token: each needs their own';
  return operators;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who an `authorization` header names, or undefined: compared on digests in constant time with
 * every operator's, all of them each time, so neither the match nor its place leaks by timing.
 */
export function resultOperatorIdentifier(operators: readonly ResultOperator[]) {
  const expected = operators.map((operator) => ({
    name: operator.name,
    digest: digest(`Bearer ${operator.token}`),
  }));
  return (authorization: string | undefined): string | undefined => {
    const given = digest(authorization ?? '');
    let found: string | undefined;
    for (const operator of expected) if (timingSafeEqual(given, operator.digest)) found ??= operator.name;
    return found;
  };
}
