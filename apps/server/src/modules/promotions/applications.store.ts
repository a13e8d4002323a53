import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import type { CleanImage } from '../../platform/images/image-cleaning.ts';
import { members } from '../identity/identity.schema.ts';
import { promotionApplicationImages, promotionApplications } from './applications.schema.ts';
import { bonusGrants, promotions } from './promotions.schema.ts';

export type ApplicationRow = typeof promotionApplications.$inferSelect;
export type ApplicationStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

/**
 * Writes an application with its images; undefined when the member already has an open one for
 * the promotion (the partial unique index decides, so of two submits at once one is written).
 */
export async function insertApplication(
  tx: Executor,
  application: { promotionId: bigint; memberId: bigint; comment: string },
  images: CleanImage[],
): Promise<ApplicationRow | undefined> {
  const [row] = await tx.insert(promotionApplications).values(application).onConflictDoNothing().returning();
  if (!row) return undefined;
  if (images.length > 0) {
    await tx.insert(promotionApplicationImages).values(
      images.map((image, position) => ({
        applicationId: row.id,
        position,
        contentType: image.type,
        sizeBytes: image.bytes.length,
        content: image.bytes,
      })),
    );
  }
  return row;
}

/** The member's last application per promotion, with its note (what the member's list shows). */
export async function lastApplicationsOf(
  db: Executor,
  memberId: bigint,
): Promise<Map<bigint, { status: ApplicationStatus; note: string | null }>> {
  const rows = await db
    .selectDistinctOn([promotionApplications.promotionId], {
      promotionId: promotionApplications.promotionId,
      status: promotionApplications.status,
      note: promotionApplications.note,
    })
    .from(promotionApplications)
    .where(eq(promotionApplications.memberId, memberId))
    .orderBy(promotionApplications.promotionId, desc(promotionApplications.id));
  return new Map(
    rows.map((row) => [row.promotionId, { status: row.status as ApplicationStatus, note: row.note }]),
  );
}

/** An application as operators see it: who applied, to what, and the bonus an approval gave. */
const queueColumns = {
  application: promotionApplications,
  username: members.username,
  promotionCode: promotions.code,
  bonusMinor: bonusGrants.bonusMinor,
};
export type QueueRow = {
  application: ApplicationRow;
  username: string;
  promotionCode: string;
  bonusMinor: bigint | null;
};

function queueQuery(db: Executor, where: SQL | undefined) {
  return db
    .select(queueColumns)
    .from(promotionApplications)
    .innerJoin(members, eq(members.id, promotionApplications.memberId))
    .innerJoin(promotions, eq(promotions.id, promotionApplications.promotionId))
    .leftJoin(bonusGrants, eq(bonusGrants.id, promotionApplications.grantId))
    .where(where);
}

/** The operators' queue, oldest first, so the longest waiting is reviewed first. */
export async function listApplications(
  db: Executor,
  filter: { status?: ApplicationStatus; promotionId?: bigint; page: number; pageSize: number },
): Promise<{ rows: QueueRow[]; total: number }> {
  const where = and(
    filter.status ? eq(promotionApplications.status, filter.status) : undefined,
    filter.promotionId ? eq(promotionApplications.promotionId, filter.promotionId) : undefined,
  );
  const rows = await queueQuery(db, where)
    .orderBy(asc(promotionApplications.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(promotionApplications)
    .where(where);
  return { rows, total: Number(counted?.total ?? 0) };
}

export async function findQueueRow(db: Executor, id: bigint): Promise<QueueRow | undefined> {
  const [row] = await queueQuery(db, eq(promotionApplications.id, id));
  return row;
}

/** Image ids per application, in the order the member sent them. */
export async function imageIdsOf(db: Executor, applicationIds: bigint[]): Promise<Map<bigint, string[]>> {
  const ids = new Map<bigint, string[]>();
  if (applicationIds.length === 0) return ids;
  const rows = await db
    .select({ applicationId: promotionApplicationImages.applicationId, id: promotionApplicationImages.id })
    .from(promotionApplicationImages)
    .where(inArray(promotionApplicationImages.applicationId, applicationIds))
    .orderBy(promotionApplicationImages.applicationId, promotionApplicationImages.position);
  for (const row of rows) ids.set(row.applicationId, [...(ids.get(row.applicationId) ?? []), row.id]);
  return ids;
}

export async function findImage(db: Executor, applicationId: bigint, imageId: string) {
  const [row] = await db
    .select({
      contentType: promotionApplicationImages.contentType,
      content: promotionApplicationImages.content,
    })
    .from(promotionApplicationImages)
    .where(
      and(
        eq(promotionApplicationImages.applicationId, applicationId),
        eq(promotionApplicationImages.id, imageId),
      ),
    );
  return row;
}

/**
 * Moves a PENDING application to its decision; undefined when it is not PENDING (any more).
 * The row lock of the update makes a second operator's decision wait and then find it decided.
 */
export async function decide(
  tx: Executor,
  id: bigint,
  decision: { status: 'APPROVED' | 'REJECTED'; note: string | null; decidedBy: string; at: Date },
): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .update(promotionApplications)
    .set({
      status: decision.status,
      note: decision.note,
      decidedBy: decision.decidedBy,
      decidedAt: decision.at,
    })
    .where(and(eq(promotionApplications.id, id), eq(promotionApplications.status, 'PENDING')))
    .returning();
  return row;
}

export async function setGrant(tx: Executor, id: bigint, grantId: bigint): Promise<void> {
  await tx.update(promotionApplications).set({ grantId }).where(eq(promotionApplications.id, id));
}
