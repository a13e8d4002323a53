import { AgentRegisterCalls } from '@fortuna/contracts/agent';
import { AnnouncementCalls } from '@fortuna/contracts/announcements';
import { HomeContentCalls } from '@fortuna/contracts/home-content';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, callerOf } from '../../platform/auth.ts';
import { routeOf } from '../../platform/declared-route.ts';
import { sendJson } from '../../platform/reply.ts';
import type { Sessions } from '../identity/sessions.ts';
import type { ContentReads } from './content-reads.ts';
import type { Audience } from './visibility.ts';

const tags = ['content'];

/** What visitors and members read: announcements (spec 7.4), the home notice and banners. */
export const contentRoutes: FastifyPluginAsyncZod<{
  reads: ContentReads;
  guards: AuthGuards;
  sessions: Pick<Sessions, 'isFirstSession'>;
}> = async (app, { reads, guards, sessions }) => {
  /** A visitor sends no token; a token that is sent must be live (401 otherwise), as on every call. */
  async function audienceOf(request: FastifyRequest): Promise<Audience> {
    if (!request.headers.authorization) return 'visitor';
    await guards.member(request);
    const member = callerOf(request);
    if ((await reads.hasFirstLoginPopups()) && (await sessions.isFirstSession(member))) return 'firstLogin';
    return 'member';
  }

  app.route({
    ...routeOf(AnnouncementCalls.list, {
      tags,
      summary:
        'Published announcements in the language asked for (else the default language), newest first, paged; popup ones only for their audience (A members, F first login, B visitors). Token optional.',
      failures: [400, 401],
    }),
    handler: async (request, reply) =>
      sendJson(reply, await reads.announcements(request.query, await audienceOf(request))),
  });

  app.route({
    ...routeOf(AgentRegisterCalls.announcements, {
      tags: ['agent'],
      summary:
        'The agent centre’s announcements: published ones for agents only, in the language asked for (else the default language), newest first, paged',
      failures: [400, 401, 403],
    }),
    onRequest: guards.agent,
    handler: async (request, reply) => sendJson(reply, await reads.agentAnnouncements(request.query)),
  });

  app.route({
    ...routeOf(HomeContentCalls.notices, {
      tags,
      summary: 'The home notice marquee: published notices in order',
      failures: [400],
    }),
    handler: async (request, reply) => sendJson(reply, await reads.notices(request.query.lang)),
  });

  app.route({
    ...routeOf(HomeContentCalls.banners, {
      tags,
      summary: 'Published banners of one group in carousel order',
      failures: [400],
    }),
    handler: async (request, reply) =>
      sendJson(reply, await reads.banners(request.query.group, request.query.lang)),
  });
};
