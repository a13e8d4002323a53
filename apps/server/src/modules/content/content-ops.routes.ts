import {
  AnnouncementInputSchema,
  AnnouncementPaths,
  OpsAnnouncementListResponseSchema,
  OpsAnnouncementResponseSchema,
} from '@fortuna/contracts/announcements';
import {
  ContentIdParamsSchema,
  OpsContentQuerySchema,
  PublishWindowSchema,
} from '@fortuna/contracts/content';
import {
  BannerInputSchema,
  BannerPaths,
  NoticeInputSchema,
  NoticePaths,
  OpsBannerListResponseSchema,
  OpsBannerResponseSchema,
  OpsNoticeListResponseSchema,
  OpsNoticeResponseSchema,
} from '@fortuna/contracts/home-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { BODY_LIMIT_BYTES } from '../../platform/body-limits.ts';
import { failures, ok } from '../../platform/reply.ts';
import { type OperatorCaller, type OperatorGuards, operatorOf } from '../operators/operator-guards.ts';
import type { ContentKind, ContentOps } from './content-ops.service.ts';

const tags = ['ops'];
const security = [{ opsToken: [] }];

interface KindRoutes {
  kind: ContentKind;
  paths: { opsList: string; opsItem: string; opsSchedule: string; opsPublish: string; opsWithdraw: string };
  input: z.ZodType;
  view: z.ZodType;
  list: z.ZodType;
  read: (status: z.output<typeof OpsContentQuerySchema>['status']) => Promise<unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: the body was parsed by this kind's own input schema.
  save: (id: bigint | null, input: any, caller: OperatorCaller) => Promise<unknown>;
}

/**
 * The operator calls of announcements, notices and banners: list, create, update, schedule,
 * publish, withdraw; ADMIN and SUPPORT manage content, FINANCE does not. Every change is audited.
 */
export const contentOpsRoutes: FastifyPluginAsyncZod<{
  contentOps: ContentOps;
  operatorGuards: OperatorGuards;
}> = async (app, { contentOps, operatorGuards }) => {
  const onRequest = operatorGuards.require('ADMIN', 'SUPPORT');

  function routesOf(spec: KindRoutes) {
    const { kind, paths } = spec;
    app.get(
      paths.opsList,
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: `All ${kind}s, newest first, optionally of one status`,
          querystring: OpsContentQuerySchema,
          response: { 200: spec.list, ...failures(400, 401, 403) },
        },
      },
      async (request) => ok(await spec.read(request.query.status)),
    );
    app.post(
      paths.opsList,
      {
        onRequest,
        bodyLimit: BODY_LIMIT_BYTES.operatorWrite,
        schema: {
          tags,
          security,
          summary: `Create a ${kind} as a draft (audited)`,
          body: spec.input,
          response: { 201: spec.view, ...failures(400, 401, 403) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(ok(await spec.save(null, request.body, operatorOf(request)))),
    );
    app.put(
      paths.opsItem,
      {
        onRequest,
        bodyLimit: BODY_LIMIT_BYTES.operatorWrite,
        schema: {
          tags,
          security,
          summary: `Replace a ${kind}'s content; a published one changes on every page at once (audited)`,
          params: ContentIdParamsSchema,
          body: spec.input,
          response: { 200: spec.view, ...failures(400, 401, 403, 404) },
        },
      },
      async (request) => ok(await spec.save(BigInt(request.params.id), request.body, operatorOf(request))),
    );
    app.put(
      paths.opsSchedule,
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: `Set a ${kind}'s publish window (audited)`,
          params: ContentIdParamsSchema,
          body: PublishWindowSchema,
          response: { 200: spec.view, ...failures(400, 401, 403, 404) },
        },
      },
      async (request) =>
        ok(await contentOps.schedule(kind, BigInt(request.params.id), request.body, operatorOf(request))),
    );
    for (const [path, action] of [
      [paths.opsPublish, 'publish'],
      [paths.opsWithdraw, 'withdraw'],
    ] as const) {
      app.post(
        path,
        {
          onRequest,
          schema: {
            tags,
            security,
            summary: `${action === 'publish' ? 'Publish' : 'Withdraw'} a ${kind}; open pages refresh (audited)`,
            params: ContentIdParamsSchema,
            response: { 200: spec.view, ...failures(401, 403, 404, 409) },
          },
        },
        async (request) => ok(await contentOps[action](kind, BigInt(request.params.id), operatorOf(request))),
      );
    }
  }

  routesOf({
    kind: 'announcement',
    paths: AnnouncementPaths,
    input: AnnouncementInputSchema,
    view: OpsAnnouncementResponseSchema,
    list: OpsAnnouncementListResponseSchema,
    read: contentOps.listAnnouncements,
    save: contentOps.saveAnnouncement,
  });
  routesOf({
    kind: 'notice',
    paths: NoticePaths,
    input: NoticeInputSchema,
    view: OpsNoticeResponseSchema,
    list: OpsNoticeListResponseSchema,
    read: contentOps.listNotices,
    save: contentOps.saveNotice,
  });
  routesOf({
    kind: 'banner',
    paths: BannerPaths,
    input: BannerInputSchema,
    view: OpsBannerResponseSchema,
    list: OpsBannerListResponseSchema,
    read: contentOps.listBanners,
    save: contentOps.saveBanner,
  });
};
