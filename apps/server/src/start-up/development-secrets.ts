/**
 * Secrets published in this repository, so known to anyone: the payment gateway's built-in
 * development default (apps/payment-gateway/src/config.ts) and the fixed ones of the browser tests
 * and the test helpers. Any of them in production means callbacks, vendor calls or the operator
 * API can be forged by whoever reads the code.
 */
/**
 * Seals operators' authenticator secrets when OPERATOR_SECRETS_KEY is unset (trying Fortuna,
 * local PostgreSQL, tests). Production refuses to start with it as the key; it may stand in
 * OPERATOR_SECRETS_OLD_KEYS there, to re-seal the secrets of a trial database with a real key.
 */
export const DEVELOPMENT_OPERATOR_SECRETS_KEY =
  '4ed7b5bd41d2824611b7bcf2d929d9987277dd22c296c6524192b4d8f75381cc';

export const KNOWN_DEVELOPMENT_SECRETS: ReadonlySet<string> = new Set([
  DEVELOPMENT_OPERATOR_SECRETS_KEY,
  // apps/payment-gateway: GATEWAY_SECRET when none is set.
  'dev-only-gateway-secret-change-me',
  // e2e/playwright.config.ts
  'e2e-gateway-secret-0123456789abcdef',
  'e2e-house-vendor-secret-0123456789',
  'e2e-ops-token-0123456789abcdef',
  // apps/server/src/test and module test helpers
  'test-ops-token-0123456789abcdef',
  'deposit-test-gateway-secret-0123',
  'test-vendor-secret-0123456789',
  'house-secret-for-games-tests',
  'house-vendor-secret-for-tests',
  'a-test-social-state-secret-0123456789',
  'a-login-state-secret-for-unit-tests-0001',
  'a-test-client-secret-of-some-length',
  // apps/house-games tests
  'house-games-test-secret-0123456789',
  'integration-house-secret-0123456789',
  'test-gateway-secret-0123456789',
]);

/** The secret-bearing variables checked against the list. */
export const SECRET_VARIABLES = [
  'PAYMENT_GATEWAY_SECRET',
  'HOUSE_VENDOR_SECRET',
  'OPS_TOKEN',
  'SOCIAL_STATE_SECRET',
  'GOOGLE_CLIENT_SECRET',
  'FACEBOOK_CLIENT_SECRET',
  'SMS_GATEWAY_TOKEN',
] as const;
