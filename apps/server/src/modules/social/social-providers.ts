import { SOCIAL_PROVIDERS, type SocialProvider } from '@fortuna/contracts/session';
import type { Config } from '../../config.ts';

/** What we know of one provider from the configuration. */
export interface ProviderSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
}

export type ConfiguredProviders = Partial<Record<SocialProvider, ProviderSettings>>;

/** The providers whose client id and secret are both set; the others cannot be offered at all. */
export function configuredProviders(config: Config): ConfiguredProviders {
  const raw: Record<SocialProvider, [string, string | undefined, string | undefined]> = {
    google: [config.GOOGLE_OIDC_ISSUER, config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET],
    facebook: [config.FACEBOOK_OIDC_ISSUER, config.FACEBOOK_CLIENT_ID, config.FACEBOOK_CLIENT_SECRET],
  };
  const configured: ConfiguredProviders = {};
  for (const provider of SOCIAL_PROVIDERS) {
    const [issuer, clientId, clientSecret] = raw[provider];
    if (clientId && clientSecret) configured[provider] = { issuer: new URL(issuer), clientId, clientSecret };
  }
  return configured;
}
