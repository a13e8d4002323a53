import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { oneTimeCodes, verificationChallenges } from './verification.schema.ts';

export type ChallengeKind = 'CAPTCHA' | 'SLIDER' | 'SLIDER_TICKET';
export type ChallengeRow = typeof verificationChallenges.$inferSelect;
export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;

export async function insertChallenge(
  db: Executor,
  row: {
    id: string;
    kind: ChallengeKind;
    action: string | null;
    answer: string;
    ip: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(verificationChallenges).values(row);
}

/**
 * Marks a live challenge of that kind (and action, when given) used, and answers it; undefined
 * when it is unknown, expired or already used. One conditional update: of two concurrent
 * attempts only one gets the row.
 */
export async function consumeChallenge(
  db: Executor,
  where: { id: string; kind: ChallengeKind; action?: string; ip?: string; now: Date },
): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .update(verificationChallenges)
    .set({ consumedAt: where.now })
    .where(
      and(
        eq(verificationChallenges.id, where.id),
        eq(verificationChallenges.kind, where.kind),
        where.action === undefined ? undefined : eq(verificationChallenges.action, where.action),
        where.ip === undefined ? undefined : eq(verificationChallenges.ip, where.ip),
        isNull(verificationChallenges.consumedAt),
        gt(verificationChallenges.expiresAt, where.now),
      ),
    )
    .returning();
  return row;
}

export async function insertOneTimeCode(
  db: Executor,
  row: { id: string; destination: string; purpose: string; codeHash: string; ip: string; expiresAt: Date },
): Promise<void> {
  await db.insert(oneTimeCodes).values(row);
}

/** Ends every unused code of that destination and purpose (a newer code replaces them). */
export async function retireOneTimeCodes(
  db: Executor,
  where: { destination: string; purpose: string; now: Date },
): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: where.now })
    .where(
      and(
        eq(oneTimeCodes.destination, where.destination),
        eq(oneTimeCodes.purpose, where.purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
}

/** The newest unused code of that destination and purpose, expired or not. */
export async function readLiveOneTimeCode(
  db: Executor,
  where: { destination: string; purpose: string },
): Promise<OneTimeCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.destination, where.destination),
        eq(oneTimeCodes.purpose, where.purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row;
}

/**
 * Uses the code if it is still unused, unexpired and under the wrong-try limit; answers whether
 * it did. The conditions are in the update itself, so a concurrent use or wrong try cannot slip by.
 */
export async function consumeOneTimeCode(
  db: Executor,
  where: { id: string; maxWrongTries: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ consumedAt: where.now })
    .where(
      and(
        eq(oneTimeCodes.id, where.id),
        isNull(oneTimeCodes.consumedAt),
        lt(oneTimeCodes.wrongTries, where.maxWrongTries),
        gt(oneTimeCodes.expiresAt, where.now),
      ),
    )
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

/** Counts a wrong try on an unused code; answers the new count (undefined if it was used meanwhile). */
export async function countWrongTry(db: Executor, id: string): Promise<number | undefined> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ wrongTries: sql`${oneTimeCodes.wrongTries} + 1` })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
    .returning({ wrongTries: oneTimeCodes.wrongTries });
  return row?.wrongTries;
}

/**
 * Removes captchas, puzzles, tickets and codes that expired before `cutoff`: used or not, they
 * can never be spent again, and every puzzle shown would otherwise stay forever.
 */
export async function deleteExpired(db: Executor, cutoff: Date): Promise<number> {
  const challenges = await db
    .delete(verificationChallenges)
    .where(lt(verificationChallenges.expiresAt, cutoff))
    .returning({ id: verificationChallenges.id });
  const codes = await db
    .delete(oneTimeCodes)
    .where(lt(oneTimeCodes.expiresAt, cutoff))
    .returning({ id: oneTimeCodes.id });
  return challenges.length + codes.length;
}
