import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../../platform/auth.ts';
import type { Database } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import type { MemberEvents } from '../../platform/member-events.ts';
import type { FirstPaintBanner } from '../../platform/web-app.ts';
import type { Sessions } from '../identity/sessions.ts';
import type { OperatorGuards } from '../operators/operator-guards.ts';
import { contentRoutes } from './content.routes.ts';
import { contentOpsRoutes } from './content-ops.routes.ts';
import { createContentOps } from './content-ops.service.ts';
import { createContentReads } from './content-reads.ts';

const SAFETY_RELOAD_MS = 30_000;

/**
 * Announcements, notices and banners. A change an operator makes that members can see refreshes
 * this node's snapshot, tells the other nodes (bus) and every open page (the `announcements`
 * site event), so pages re-read without a reload. Gives back what the web app's pages preload.
 */
export async function registerContent(
  app: FastifyInstance,
  deps: {
    db: Database;
    events: EventBus;
    memberEvents: MemberEvents;
    guards: AuthGuards;
    operatorGuards: OperatorGuards;
    sessions: Pick<Sessions, 'isFirstSession'>;
    defaultLanguage: () => string;
  },
): Promise<{ homeFirstBanner: () => Promise<FirstPaintBanner | undefined> }> {
  const reads = createContentReads({ db: deps.db, defaultLanguage: deps.defaultLanguage });
  const reload = () =>
    reads.refresh().catch((error) => app.log.error({ err: error }, 'content snapshot reload failed'));
  await deps.events.subscribe('content.changed', () => void reload());
  const safetyNet = setInterval(() => void reload(), SAFETY_RELOAD_MS);
  safetyNet.unref();
  app.addHook('onClose', async () => clearInterval(safetyNet));

  const contentOps = createContentOps({
    db: deps.db,
    defaultLanguage: deps.defaultLanguage,
    async publishedContentChanged() {
      await reload();
      await deps.events
        .publish('content.changed')
        .catch((error) => app.log.error({ err: error }, 'telling other nodes about content failed'));
      await deps.memberEvents.broadcast({ type: 'announcements' });
    },
  });
  await app.register(contentRoutes, { reads, guards: deps.guards, sessions: deps.sessions });
  await app.register(contentOpsRoutes, { contentOps, operatorGuards: deps.operatorGuards });
  return { homeFirstBanner: () => reads.firstBanner('w_home') };
}
