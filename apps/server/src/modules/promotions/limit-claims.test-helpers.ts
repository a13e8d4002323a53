import { PromotionClaimPaths } from '@fortuna/contracts/promotion-claims';
import type { CreatePromotion } from '@fortuna/contracts/promotion-setup';
import { PromotionSetupPaths } from '@fortuna/contracts/promotion-setup';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../../platform/db/database.ts';
import { buildTestApp } from '../../test/app.ts';
import type { describeEachDatabase } from '../../test/databases.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import { promotionInput } from './promotion-setup.test-helpers.ts';
import { TEST_TERMS } from './promotions.test-helpers.ts';

/**
 * A claimed sign-up bonus of 100.00, its limit per address given; not of the NEW_PLAYER type, whose
 * shared-account rule (ADR 066) would refuse a second member of an address before any limit.
 */
export const signUpBonus = (overrides: Partial<CreatePromotion>) =>
  promotionInput({
    type: 'GAMING',
    trigger: 'SIGN_UP',
    automatic: false,
    terms: { ...TEST_TERMS, reward: { kind: 'FIXED', amountMinor: '10000' } },
    ...overrides,
  });
/**
 * The app of a promotions route suite and its ADMIN's headers, built before the suite's tests and
 * closed after: `create` answers the setup call as it came, `createdId` the id of a promotion that
 * must be created.
 */
export function promotionRoutesHarness(database: Parameters<Parameters<typeof describeEachDatabase>[1]>[0]) {
  const state = {} as { app: FastifyInstance; admin: Record<string, string> };
  beforeAll(async () => {
    state.app = await buildTestApp(database());
    state.admin = (await readyOperator(state.app, 'ADMIN')).headers;
  });
  afterAll(async () => {
    await state.app.close();
  });
  const create = (input: unknown) =>
    state.app.inject({
      method: 'POST',
      url: PromotionSetupPaths.create,
      headers: state.admin,
      payload: input as object,
    });
  return {
    get app() {
      return state.app;
    },
    create,
    async createdId(input: unknown): Promise<string> {
      const answer = await create(input);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().value.id as string;
    },
    claim: (id: string, headers: Record<string, string>) =>
      state.app.inject({ method: 'POST', url: PromotionClaimPaths.claim.replace(':id', id), headers }),
    async grants(id: string): Promise<number> {
      const result = (await database().db.execute(
        sql`select count(*)::int as n from bonus_grants where promotion_id = ${BigInt(id)}`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]?.n ?? 0;
    },
  };
}

/**
 * Runs the claims while the test holds the promotion's row, which each grant's budget update waits
 * for: every claim writes its grant row (each counting none before it) before any commits.
 */
export async function claimTogether<T>(
  db: Database,
  promotionId: string,
  claims: (() => Promise<T>)[],
): Promise<T[]> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked: () => void = () => undefined;
  const lockTaken = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holder = db.transaction(async (tx) => {
    await tx.execute(sql`select id from promotions where id = ${BigInt(promotionId)} for update`);
    locked();
    await held;
  });
  await lockTaken;
  const running = Promise.all(claims.map((claim) => claim()));
  for (const startedAt = Date.now(); Date.now() - startedAt < 10_000; ) {
    const waiting = (await db.execute(
      sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    )) as unknown as { rows: { n: number }[] };
    if ((waiting.rows[0]?.n ?? 0) >= claims.length) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  release();
  await holder;
  return running;
}
