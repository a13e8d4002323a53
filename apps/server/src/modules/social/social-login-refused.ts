/**
 * Why a social login did not happen. The browser is only told `disabled` or `failed` (the lobby
 * says 'Login failure. Please try again' either way); the reason is for our logs.
 */
export type SocialLoginOutcome = 'disabled' | 'failed';

export class SocialLoginRefused extends Error {
  readonly outcome: SocialLoginOutcome;

  constructor(outcome: SocialLoginOutcome, reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.outcome = outcome;
  }
}
