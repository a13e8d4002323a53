import { describe, expect, it } from 'vitest';
import { createLoginStateSealer, LOGIN_STATE_MAX_AGE_MS, type LoginState } from './login-state.ts';
import { SocialLoginRefused } from './social-login-refused.ts';

const SECRET = 'a-login-state-secret-for-unit-tests-0001';
const sealer = createLoginStateSealer(SECRET);
const loginState: LoginState = {
  provider: 'google',
  state: 'state-value-0123456789abcdef',
  nonce: 'nonce-value-0123456789abcdef',
  codeVerifier: 'v'.repeat(43),
  redirectUri: 'https://lobby.example/wps/session/social/google/callback',
  createdAt: 1_700_000_000_000,
};

function refusal(open: () => unknown): string {
  try {
    open();
  } catch (failure) {
    if (failure instanceof SocialLoginRefused) return `${failure.outcome}: ${failure.message}`;
    throw failure;
  }
  throw new Error('opened');
}

describe('sealed login state', () => {
  it('when sealed state is opened within ten minutes for its provider, then it comes back unchanged', () => {
    const sealed = sealer.seal(loginState);
    expect(sealed).not.toContain(loginState.state);
    expect(sealer.open('google', sealed, loginState.createdAt + LOGIN_STATE_MAX_AGE_MS)).toEqual(loginState);
  });

  it('when the same state is sealed twice, then the two seals differ (fresh IV)', () => {
    expect(sealer.seal(loginState)).not.toBe(sealer.seal(loginState));
  });

  it('when the state is older than ten minutes, then it is refused as expired', () => {
    const sealed = sealer.seal(loginState);
    expect(
      refusal(() => sealer.open('google', sealed, loginState.createdAt + LOGIN_STATE_MAX_AGE_MS + 1)),
    ).toBe('failed: login state expired');
  });

  it('when a google state is brought to the facebook callback, then it does not open', () => {
    const sealed = sealer.seal(loginState);
    expect(refusal(() => sealer.open('facebook', sealed, loginState.createdAt))).toMatch(/does not open/);
  });

  it('when another server secret sealed it, then it does not open', () => {
    const sealed = createLoginStateSealer('another-secret-of-enough-length-000000').seal(loginState);
    expect(refusal(() => sealer.open('google', sealed, loginState.createdAt))).toMatch(/does not open/);
  });

  it('when any byte of the seal is changed, then it does not open', () => {
    const bytes = Buffer.from(sealer.seal(loginState), 'base64url');
    for (const index of [0, 12, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[index] = (changed[index] ?? 0) ^ 1;
      expect(
        refusal(() => sealer.open('google', changed.toString('base64url'), loginState.createdAt)),
      ).toMatch(/does not open/);
    }
  });

  it('when the cookie is missing or too short, then the refusal says so', () => {
    expect(refusal(() => sealer.open('google', undefined))).toMatch(/no login state cookie/);
    expect(refusal(() => sealer.open('google', 'abc'))).toMatch(/too short/);
  });
});
