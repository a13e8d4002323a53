import type { SocialProvider } from '@fortuna/contracts/session';
import * as oidc from 'openid-client';
import type { ConfiguredProviders } from './social-providers.ts';

const DISCOVERY_TIMEOUT_SECONDS = 10;

/**
 * The provider's metadata and keys, discovered on first use and kept. A failed discovery is not
 * kept, so the next login tries again instead of the provider staying broken until a restart.
 */
export function createProviderDiscovery(providers: ConfiguredProviders) {
  const found = new Map<SocialProvider, Promise<oidc.Configuration>>();

  function discover(provider: SocialProvider): Promise<oidc.Configuration> {
    const settings = providers[provider];
    if (!settings) return Promise.reject(new Error(`${provider} is not configured`));
    // Plain http is admitted for loopback issuers only (config.ts refuses any other http issuer).
    const insecure = settings.issuer.protocol === 'http:';
    return oidc.discovery(
      settings.issuer,
      settings.clientId,
      settings.clientSecret,
      oidc.ClientSecretPost(settings.clientSecret),
      { timeout: DISCOVERY_TIMEOUT_SECONDS, execute: insecure ? [oidc.allowInsecureRequests] : [] },
    );
  }

  return function configurationOf(provider: SocialProvider): Promise<oidc.Configuration> {
    let configuration = found.get(provider);
    if (!configuration) {
      configuration = discover(provider);
      found.set(provider, configuration);
      configuration.catch(() => found.delete(provider));
    }
    return configuration;
  };
}
export type ProviderDiscovery = ReturnType<typeof createProviderDiscovery>;
