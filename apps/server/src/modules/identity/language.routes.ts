import { MemberCalls } from '@fortuna/contracts/member';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { ok } from '../../platform/reply.ts';
import type { IdentityService } from './identity.service.ts';

/** What the language call needs of the site configuration (the system service satisfies this). */
export interface LanguageSite {
  siteInfo(): { languages: { code: string }[] };
}

/** Spec 4.10: the lobby tells the server the member's new language. */
export const languageRoutes: FastifyPluginAsyncZod<{
  identity: IdentityService;
  site: LanguageSite;
  guards: AuthGuards;
}> = async (app, { identity, site, guards }) => {
  app.route({
    ...routeOf(MemberCalls.language, {
      tags: ['member'],
      summary: "Stores the caller's language (one of the site's languages)",
      failures: [400, 401],
    }),
    onRequest: guards.member,
    handler: async (request) => {
      const offered = site.siteInfo().languages.map((entry) => entry.code);
      const member = callerOf(request);
      return ok({
        language: await identity.profile.setLanguage(member.memberId, request.body.language, offered),
      });
    },
  });
};
