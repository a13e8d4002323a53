import type { PushedEvent } from '@fortuna/contracts/events';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database, DatabaseHandle } from '../../platform/db/database.ts';
import { createInProcessBus } from '../../platform/events.ts';
import { createInProcessMemberEvents, type MemberEvents } from '../../platform/member-events.ts';
import { TEST_OPS_TOKEN } from '../../test/app.ts';
import { readyOperator } from '../../test/operator-sessions.ts';

/** Member events that also keep what was sent, to check what the pages would have heard. */
export function recordingMemberEvents() {
  const inner = createInProcessMemberEvents();
  const sent: { memberId: bigint | 'site'; event: PushedEvent }[] = [];
  const events: MemberEvents = {
    async publish(memberId, event) {
      sent.push({ memberId, event });
      await inner.publish(memberId, event);
    },
    async broadcast(event) {
      sent.push({ memberId: 'site', event });
      await inner.broadcast(event);
    },
    subscribe: (memberId, listener, page) => inner.subscribe(memberId, listener, page),
    end: (memberId, which, reason) => inner.end(memberId, which, reason),
    close: () => inner.close(),
  };
  return { events, sent, clear: () => sent.splice(0) };
}

/** The real app, as buildTestApp makes it, with member events the test can read. */
export function buildAppWithEvents(
  database: DatabaseHandle,
  memberEvents: MemberEvents,
  env: Record<string, string> = {},
) {
  const config = loadConfig({
    OPS_TOKEN: TEST_OPS_TOKEN,
    WEB_DIST_DIR: '/nonexistent',
    DEV_ENDPOINTS: 'on',
    ...env,
  });
  return buildApp({ config, database, events: createInProcessBus(), memberEvents, logger: false });
}

/** A logged-in operator of the role, made for this test (past its first login): its bearer header. */
export async function operatorHeaders(
  app: FastifyInstance,
  _db: Database,
  role: 'ADMIN' | 'FINANCE' | 'SUPPORT',
): Promise<Record<string, string>> {
  return (await readyOperator(app, role)).headers;
}
