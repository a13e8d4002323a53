import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../../platform/auth.ts';
import type { IdentityService } from './identity.service.ts';
import { type LanguageSite, languageRoutes } from './language.routes.ts';
import { memberRoutes } from './member.routes.ts';
import { sessionRoutes } from './session.routes.ts';

/**
 * Members' sessions, profiles and language. The identity service itself is built by the app,
 * before this, because most other modules need it (guards, downlines, social login).
 */
export async function registerIdentity(
  app: FastifyInstance,
  deps: { identity: IdentityService; site: LanguageSite; guards: AuthGuards },
): Promise<void> {
  const { identity, guards } = deps;
  await app.register(sessionRoutes, { identity, guards });
  await app.register(memberRoutes, { identity, guards });
  await app.register(languageRoutes, { identity, site: deps.site, guards });
}
