import {
  MemberPaths,
  UpdateLanguageRequestSchema,
  UpdateLanguageResponseSchema,
} from '@fortuna/contracts/member';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { failures, ok } from '../../platform/reply.ts';
import { members } from './identity.schema.ts';

/** What the language call needs of the site configuration (the system service satisfies this). */
export interface LanguageSite {
  siteInfo(): { languages: { code: string }[] };
}

/**
 * Spec 4.10: the lobby tells the server the member's new language; it is stored on the member, so
 * that messages and other content answer in it from the next call on.
 */
export const languageRoutes: FastifyPluginAsyncZod<{
  db: Database;
  site: LanguageSite;
  guards: AuthGuards;
}> = async (app, { db, site, guards }) => {
  app.put(
    MemberPaths.language,
    {
      onRequest: guards.member,
      schema: {
        tags: ['member'],
        summary: "Stores the caller's language (one of the site's languages)",
        body: UpdateLanguageRequestSchema,
        response: { 200: UpdateLanguageResponseSchema, ...failures(400, 401) },
      },
    },
    async (request) => {
      const language = request.body.language.toUpperCase();
      const offered = site.siteInfo().languages.map((entry) => entry.code);
      if (!offered.includes(language)) {
        throw new AppError('UNSUPPORTED_LANGUAGE', {
          message: `body.language: ${language} is not one of this site's languages`,
          issues: [{ field: 'body.language', message: `must be one of ${offered.join(', ')}` }],
        });
      }
      await db
        .update(members)
        .set({ language })
        .where(eq(members.id, callerOf(request).memberId));
      return ok({ language });
    },
  );
};
