import { SessionPaths, type SocialProvider, SocialProviderSchema } from '@fortuna/contracts/session';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readCookie } from '../../platform/cookies.ts';
import { failures } from '../../platform/reply.ts';
import { clientOf, clientWithDeviceOf } from '../identity/client-context.ts';
import type { SocialLogin } from './social.service.ts';
import { SocialLoginRefused } from './social-login-refused.ts';
import { clearedStateCookie, stateCookie, stateCookieName } from './state-cookie.ts';

const tags = ['session'];
const params = z.object({ provider: SocialProviderSchema });

/**
 * Browser navigations, not API calls: every answer is a redirect. A refusal goes back to the lobby
 * as `/?socialError=disabled|failed` (the lobby shows 'Login failure. Please try again'), never as
 * a JSON page or a 500 the person would be left looking at.
 */
export const socialRoutes: FastifyPluginAsyncZod<{
  social: SocialLogin;
  publicUrl: string | undefined;
}> = async (app, { social, publicUrl }) => {
  const callbackUrl = (request: FastifyRequest, provider: SocialProvider) =>
    `${publicUrl ?? `${request.protocol}://${request.host}`}${SessionPaths.socialCallback.replace(':provider', provider)}`;

  function refuse(request: FastifyRequest, reply: FastifyReply, provider: SocialProvider, failure: unknown) {
    if (failure instanceof SocialLoginRefused) {
      const cause = failure.cause instanceof Error ? failure.cause.message : undefined;
      request.log.warn({ provider, reason: failure.message, cause }, 'social login refused');
    } else {
      request.log.error({ provider, err: failure }, 'social login failed unexpectedly');
    }
    const outcome = failure instanceof SocialLoginRefused ? failure.outcome : 'failed';
    return reply.redirect(`/?socialError=${outcome}`, 302);
  }

  app.get(
    SessionPaths.socialStart,
    {
      schema: {
        tags,
        summary: 'Social one-click login: redirects the browser to the provider (or back with ?socialError=)',
        params,
        response: failures(400),
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      reply.header('cache-control', 'no-store');
      const redirectUri = callbackUrl(request, provider);
      const secure = redirectUri.startsWith('https:');
      try {
        const started = await social.start(provider, redirectUri, clientOf(request));
        reply.header('set-cookie', stateCookie(provider, started.sealedState, secure));
        return reply.redirect(started.authorizationUrl.href, 302);
      } catch (failure) {
        return refuse(request, reply, provider, failure);
      }
    },
  );

  app.get(
    SessionPaths.socialCallback,
    {
      schema: {
        tags,
        summary:
          'Where the provider sends the browser back: redirects to the lobby with ?token= or ?socialError=',
        params,
        response: failures(400),
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      reply.header('cache-control', 'no-store');
      // The state is single-use whatever happens next.
      reply.header(
        'set-cookie',
        clearedStateCookie(provider, callbackUrl(request, provider).startsWith('https:')),
      );
      const queryStart = request.url.indexOf('?');
      const query = new URLSearchParams(queryStart < 0 ? '' : request.url.slice(queryStart + 1));
      const sealedState = readCookie(request.headers.cookie, stateCookieName(provider));
      try {
        // The browser's device id (ADR 077) rides beside the cleared state cookie.
        const client = clientWithDeviceOf(request, reply);
        const { token } = await social.finish(provider, { query, sealedState }, client);
        return reply.redirect(`/?token=${encodeURIComponent(token)}`, 302);
      } catch (failure) {
        return refuse(request, reply, provider, failure);
      }
    },
  );
};
