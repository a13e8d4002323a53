import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { configuredProviders } from './social-providers.ts';

describe('social login configuration', () => {
  it('when nothing is set, then the issuers default to google and facebook and no provider is configured', () => {
    const config = loadConfig({});
    expect(config.GOOGLE_OIDC_ISSUER).toBe('https://accounts.google.com');
    expect(config.FACEBOOK_OIDC_ISSUER).toBe('https://www.facebook.com');
    expect(configuredProviders(config)).toEqual({});
  });

  it('when only a client id is set, then the provider is still not configured', () => {
    expect(configuredProviders(loadConfig({ GOOGLE_CLIENT_ID: 'id' }))).toEqual({});
  });

  it('when client id and secret are set, then the provider is configured with its issuer', () => {
    const providers = configuredProviders(
      loadConfig({
        FACEBOOK_CLIENT_ID: 'id',
        FACEBOOK_CLIENT_SECRET: 'secret',
        GOOGLE_CLIENT_SECRET: 'secret',
      }),
    );
    expect(Object.keys(providers)).toEqual(['facebook']);
    expect(providers.facebook?.issuer.href).toBe('https://www.facebook.com/');
  });

  it('when a local issuer on loopback uses http, then it is accepted', () => {
    expect(loadConfig({ GOOGLE_OIDC_ISSUER: 'http://127.0.0.1:4000' }).GOOGLE_OIDC_ISSUER).toBe(
      'http://127.0.0.1:4000',
    );
  });

  it.each([
    [
      { GOOGLE_OIDC_ISSUER: 'http://accounts.google.com' },
      'GOOGLE_OIDC_ISSUER must be an https:// issuer URL',
    ],
    [{ FACEBOOK_OIDC_ISSUER: 'not a url' }, 'FACEBOOK_OIDC_ISSUER must be an https:// issuer URL'],
    [{ SOCIAL_STATE_SECRET: 'too-short' }, 'SOCIAL_STATE_SECRET must be at least 32 characters'],
  ])('when %o is set, then start-up stops naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
