/**
 * Secrets published in this repository, so known to anyone: the payment gateway's built-in
 * development default (apps/payment-gateway/src/config.ts) and the fixed ones of the browser tests
 * and the test helpers. Any of them in production means callbacks, vendor calls or the operator
 * API can be forged by whoever reads the code.
 */
export const KNOWN_DEVELOPMENT_SECRETS: ReadonlySet<string> = new Set([
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
