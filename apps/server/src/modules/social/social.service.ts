import type { LoginValue, SocialProvider } from '@fortuna/contracts/session';
import * as oidc from 'openid-client';
import { AppError } from '../../platform/errors.ts';
import { enforceRateLimit, type RateCounter } from '../../platform/rate-limit.ts';
import type { ClientContext } from '../identity/identity.deps.ts';
import type { IdentityService } from '../identity/identity.service.ts';
import type { LoginStateSealer } from './login-state.ts';
import type { ProviderDiscovery } from './provider-discovery.ts';
import { SocialLoginRefused } from './social-login-refused.ts';
import type { ConfiguredProviders } from './social-providers.ts';

/** A browser starting more logins than this from one address is a script, not a person. */
const STARTS_PER_IP = 30;
const STARTS_WINDOW_MS = 600_000;
const SCOPE = 'openid email profile';

export interface SocialLoginDeps {
  accounts: Pick<IdentityService['accounts'], 'isSocialEnabled' | 'loginWithSocial'>;
  providers: ConfiguredProviders;
  configurationOf: ProviderDiscovery;
  sealer: LoginStateSealer;
  counter: RateCounter;
  now?: () => number;
}

/**
 * Social one-click login through OpenID Connect: the authorization code flow with PKCE, state and
 * nonce. The provider proves who the person is; identity decides which member that is.
 */
export function createSocialLogin(deps: SocialLoginDeps) {
  const now = deps.now ?? Date.now;

  function requireAvailable(provider: SocialProvider): void {
    if (!deps.providers[provider])
      throw new SocialLoginRefused('disabled', `${provider} has no client id/secret`);
    if (!deps.accounts.isSocialEnabled(provider))
      throw new SocialLoginRefused('disabled', `${provider} flag is off`);
  }

  async function configurationOf(provider: SocialProvider): Promise<oidc.Configuration> {
    try {
      return await deps.configurationOf(provider);
    } catch (cause) {
      throw new SocialLoginRefused('failed', `${provider} discovery failed`, { cause });
    }
  }

  return {
    /** Where to send the browser, and the sealed state it must bring back to `finish`. */
    async start(
      provider: SocialProvider,
      redirectUri: string,
      client: ClientContext,
    ): Promise<{ authorizationUrl: URL; sealedState: string }> {
      requireAvailable(provider);
      try {
        await enforceRateLimit(deps.counter, `social:start:ip:${client.ip}`, STARTS_PER_IP, STARTS_WINDOW_MS);
      } catch (cause) {
        throw new SocialLoginRefused('failed', 'too many social logins started from this address', { cause });
      }
      const configuration = await configurationOf(provider);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      const sealedState = deps.sealer.seal({
        provider,
        state,
        nonce,
        codeVerifier,
        redirectUri,
        createdAt: now(),
      });
      return { authorizationUrl, sealedState };
    },

    /**
     * The provider sent the browser back: the state must be the one we sealed, the code is
     * exchanged (with the PKCE verifier) and the ID token checked (signature, issuer, audience,
     * expiry, nonce) before its subject logs anyone in.
     */
    async finish(
      provider: SocialProvider,
      callback: { query: URLSearchParams; sealedState: string | undefined },
      client: ClientContext,
    ): Promise<LoginValue> {
      requireAvailable(provider);
      const providerError = callback.query.get('error');
      if (providerError)
        throw new SocialLoginRefused('failed', `${provider} answered error=${providerError}`);
      const loginState = deps.sealer.open(provider, callback.sealedState, now());
      const configuration = await configurationOf(provider);
      const currentUrl = new URL(loginState.redirectUri);
      currentUrl.search = callback.query.toString();
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: loginState.codeVerifier,
          expectedState: loginState.state,
          expectedNonce: loginState.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (cause) {
        throw new SocialLoginRefused('failed', `${provider} code exchange or ID token check failed`, {
          cause,
        });
      }
      if (!claims?.sub) throw new SocialLoginRefused('failed', `${provider} ID token has no subject`);
      try {
        return await deps.accounts.loginWithSocial(
          {
            provider,
            subject: claims.sub,
            // An address the provider itself calls unverified must not become the member's.
            email: typeof claims.email === 'string' && claims.email_verified !== false ? claims.email : null,
            displayName: typeof claims.name === 'string' ? claims.name : null,
          },
          client,
        );
      } catch (cause) {
        if (cause instanceof AppError)
          throw new SocialLoginRefused('failed', `login refused: ${cause.code}`, { cause });
        throw cause;
      }
    },
  };
}
export type SocialLogin = ReturnType<typeof createSocialLogin>;
