/**
 * The error catalogue: a stable code, the HTTP status it travels with and the English
 * message shown when nothing more specific is known. Clients branch on `code`, never on text.
 */
export const ErrorCatalogue = {
  VALIDATION_FAILED: { status: 400, message: 'Some fields are not valid' },
  MALFORMED_REQUEST: { status: 400, message: 'The request could not be read' },
  UNSUPPORTED_LANGUAGE: { status: 400, message: 'This language is not supported' },
  CAPTCHA_INVALID: { status: 400, message: 'Captcha check failed' },
  SLIDER_INVALID: { status: 400, message: 'Please complete verification first' },
  SMS_CODE_INVALID: { status: 400, message: 'Invalid verification code' },
  SMS_CODE_EXPIRED: { status: 400, message: 'Code expired, send again' },
  INVITATION_CODE_ERROR: { status: 400, message: 'Invalid invitation code' },
  RESET_LINK_INVALID: { status: 400, message: 'This link is no longer valid, please ask for a new one' },
  WRONG_PASSWORD: { status: 400, message: 'The current password is incorrect' },
  PASSWORD_TOO_COMMON: {
    status: 400,
    message: 'This password is too common or too easy to guess, please choose another',
  },
  PASSWORD_HAS_USERNAME: { status: 400, message: 'The password must not contain the username' },
  PASSWORD_KNOWN_DEFAULT: {
    status: 400,
    message: 'This is a default or demo password of the site, or its name: please choose your own',
  },
  PAYMENT_PASSWORD_WRONG: { status: 400, message: 'The payment password is incorrect' },
  PAYMENT_PASSWORD_NOT_SET: { status: 400, message: 'Please set a payment password first' },
  TOTP_REQUIRED: {
    status: 401,
    message: 'Enter the 6-digit code of your authenticator app (totpCode)',
  },
  TOTP_CODE_INVALID: { status: 401, message: 'The authenticator code is wrong or was already used' },
  UNAUTHENTICATED: { status: 401, message: 'You are not logged in, please login' },
  LOGIN_FAILED: { status: 401, message: 'Username or password is incorrect' },
  SIGNATURE_INVALID: { status: 401, message: 'The signature of this call is not valid' },
  SIGNATURE_EXPIRED: {
    status: 401,
    message: "The call's timestamp is outside the allowed window: check the clock and sign again",
  },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this' },
  OPERATOR_SETUP_REQUIRED: {
    status: 403,
    message: 'Change your password and enrol an authenticator app before anything else',
  },
  NON_AGENT_LOGIN: { status: 403, message: 'Non-agents cannot log in' },
  NON_MEMBER_LOGIN: { status: 403, message: 'This account cannot log in here' },
  ACCOUNT_DISABLED: { status: 403, message: 'This account is disabled, please contact customer service' },
  TRIAL_NOT_ALLOWED: { status: 403, message: 'Please register a real account to play' },
  IP_VERIFICATION_REQUIRED: {
    status: 403,
    message: 'You are logging in from a new location: enter the code we sent you',
  },
  VENDOR_DISABLED: { status: 403, message: 'This vendor is disabled' },
  VENDOR_NOT_SEAMLESS: {
    status: 403,
    message: 'This vendor uses transfer wallets: it moves money through the wallet transfer, not this API',
  },
  VENDOR_NOT_CONNECTED: {
    status: 403,
    message: "This provider's games are coming soon: they cannot be played here yet",
  },
  FEATURE_DISABLED: { status: 403, message: 'Function not enabled, contact customer service' },
  REGION_RESTRICTED: { status: 403, message: 'Access from your location or IP is restricted' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  VENDOR_NOT_FOUND: { status: 404, message: 'No vendor has this code' },
  GAME_NOT_FOUND: { status: 404, message: 'No game has this id' },
  PLAYER_NOT_FOUND: { status: 404, message: 'No player has this id at this vendor' },
  ROUND_NOT_FOUND: { status: 404, message: 'No debit of this player was seen in this round' },
  OPERATOR_NOT_FOUND: { status: 404, message: 'No operator has this id' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  CONFLICT: { status: 409, message: 'The request conflicts with the current state' },
  NOTHING_TO_CLAIM: { status: 409, message: 'There is no rebate to claim right now' },
  INSUFFICIENT_FUNDS: { status: 409, message: 'Insufficient balance' },
  BONUS_WAGERING_UNMET: {
    status: 409,
    message: 'A bonus still wagering holds withdrawals back until its requirement is met',
  },
  ROUND_CLOSED: { status: 409, message: 'This round is settled: it takes no more debits or rollbacks' },
  ROUND_CANCELLED: {
    status: 409,
    message:
      'This round was cancelled (every debit rolled back, or refunded by an operator): it takes no more debits or credits',
  },
  ROUND_NOT_SETTLED: {
    status: 409,
    message: 'A correction applies to a settled round only: settle it with a credit or roll it back',
  },
  CORRECTION_EXCEEDS_PAYOUT: {
    status: 409,
    message: 'A correction can take back at most what the round paid',
  },
  ROUND_NOT_OPEN: { status: 409, message: 'This round is no longer open: it was settled or cancelled' },
  ROUND_TOO_RECENT: {
    status: 409,
    message: 'This round may still be in play: it can be refunded only some minutes after it opened',
  },
  TRANSACTION_CONFLICT: {
    status: 409,
    message: 'This transaction id was already used for a different request',
  },
  TRANSACTION_ROLLED_BACK: {
    status: 409,
    message: 'This debit was rolled back: it can no longer be applied',
  },
  WITHDRAWAL_DAILY_LIMIT: { status: 409, message: "You have made today's allowed number of withdrawals" },
  PAYEE_LIMIT_REACHED: { status: 409, message: 'You already have the most payee accounts allowed' },
  WITHDRAWAL_NOT_CONFIRMABLE: { status: 409, message: 'This withdrawal can no longer be confirmed' },
  TOO_MANY_PENDING_DEPOSITS: {
    status: 409,
    message: 'You have too many unfinished deposits: finish or wait for them first',
  },
  TOTP_ALREADY_ENROLLED: {
    status: 409,
    message: 'An authenticator app is already enrolled; an ADMIN can reset it',
  },
  TOTP_ENROLMENT_NOT_STARTED: { status: 409, message: 'Start the authenticator enrolment first' },
  OPERATOR_IS_SELF: { status: 409, message: 'An operator cannot do this to their own account' },
  LAST_ACTIVE_ADMIN: { status: 409, message: 'The last active ADMIN cannot be disabled' },
  USERNAME_TAKEN: { status: 409, message: 'This username is already registered' },
  MOBILE_TAKEN: { status: 409, message: 'This mobile number is already registered' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This content type is not supported' },
  RATE_LIMITED: { status: 429, message: 'Too many requests, try again after 5 minutes' },
  FAVOURITE_TOO_FAST: { status: 429, message: 'One favourite change a second, please wait' },
  SMS_TOO_MANY_TRIES: { status: 429, message: 'Too many wrong codes, send a new one' },
  INTERNAL: { status: 500, message: 'Unknown error' },
  SMS_UNAVAILABLE: { status: 503, message: 'Quota not sufficient, contact customer service' },
  MAINTENANCE: { status: 503, message: 'The system is under maintenance' },
  VENDOR_MAINTENANCE: {
    status: 503,
    message: 'This vendor is under maintenance: no new bets; wins and refunds are still accepted',
  },
  DEPOSIT_CHANNEL_UNAVAILABLE: { status: 503, message: 'This deposit channel is not available now' },
  PAYMENT_GATEWAY_UNAVAILABLE: { status: 503, message: 'The payment provider cannot be reached, try again' },
  NOT_READY: { status: 503, message: 'The service is starting or stopping' },
  JOB_QUEUE_NOT_RUNNING: { status: 503, message: 'The job queue is not running on this node' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ErrorCatalogue;
