import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { RateCounter } from '../../platform/rate-limit.ts';
import { createLoginStateSealer } from './login-state.ts';
import { createProviderDiscovery } from './provider-discovery.ts';
import { socialRoutes } from './social.routes.ts';
import { createSocialLogin, type SocialLoginDeps } from './social.service.ts';
import { configuredProviders } from './social-providers.ts';

/** Builds social one-click login from the configuration and registers its two routes. */
export async function registerSocialLogin(
  app: FastifyInstance,
  deps: { config: Config; accounts: SocialLoginDeps['accounts']; counter: RateCounter },
): Promise<void> {
  const { config } = deps;
  const providers = configuredProviders(config);
  let secret = config.SOCIAL_STATE_SECRET;
  if (!secret) {
    secret = randomBytes(32).toString('base64url');
    const configured = Object.keys(providers);
    // A login started on one node and finished on another needs the same secret on both.
    const log = configured.length > 0 ? app.log.warn.bind(app.log) : app.log.info.bind(app.log);
    log(
      { configured },
      'SOCIAL_STATE_SECRET is not set: social logins are sealed with a per-process secret; multi-node setups must set it',
    );
  }
  const social = createSocialLogin({
    accounts: deps.accounts,
    providers,
    configurationOf: createProviderDiscovery(providers),
    sealer: createLoginStateSealer(secret),
    counter: deps.counter,
  });
  await app.register(socialRoutes, { social, publicUrl: config.PUBLIC_URL });
}
