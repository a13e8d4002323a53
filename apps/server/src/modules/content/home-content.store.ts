import { and, asc, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { banners, bannerTexts, notices, noticeTexts } from './content.schema.ts';

export type NoticeRecord = typeof notices.$inferSelect & { texts: (typeof noticeTexts.$inferSelect)[] };
export type BannerRecord = typeof banners.$inferSelect & { texts: (typeof bannerTexts.$inferSelect)[] };
type NoticeFields = Pick<NoticeRecord, 'announcementId' | 'sequence' | 'startsAt' | 'endsAt'>;
type BannerFields = Pick<
  BannerRecord,
  'group' | 'imageUrl' | 'sequence' | 'linkageType' | 'linkageTarget' | 'startsAt' | 'endsAt'
>;
type NoticeTexts = { lang: string; title: string }[];
type BannerTexts = { lang: string; alt: string; title: string }[];

async function noticesWithTexts(
  db: Executor,
  rows: (typeof notices.$inferSelect)[],
): Promise<NoticeRecord[]> {
  if (rows.length === 0) return [];
  const texts = await db
    .select()
    .from(noticeTexts)
    .where(
      inArray(
        noticeTexts.noticeId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({ ...row, texts: texts.filter((text) => text.noticeId === row.id) }));
}

async function bannersWithTexts(
  db: Executor,
  rows: (typeof banners.$inferSelect)[],
): Promise<BannerRecord[]> {
  if (rows.length === 0) return [];
  const texts = await db
    .select()
    .from(bannerTexts)
    .where(
      inArray(
        bannerTexts.bannerId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({ ...row, texts: texts.filter((text) => text.bannerId === row.id) }));
}

/** Published notices whose window has not closed, in marquee order. */
export async function readLiveNotices(db: Executor, now: Date): Promise<NoticeRecord[]> {
  const rows = await db
    .select()
    .from(notices)
    .where(and(eq(notices.status, 'PUBLISHED'), or(isNull(notices.endsAt), gt(notices.endsAt, now))))
    .orderBy(asc(notices.sequence), asc(notices.id));
  return noticesWithTexts(db, rows);
}

/** Published banners whose window has not closed, in carousel order. */
export async function readLiveBanners(db: Executor, now: Date): Promise<BannerRecord[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(and(eq(banners.status, 'PUBLISHED'), or(isNull(banners.endsAt), gt(banners.endsAt, now))))
    .orderBy(asc(banners.sequence), asc(banners.id));
  return bannersWithTexts(db, rows);
}

export async function listNotices(db: Executor, status?: string): Promise<NoticeRecord[]> {
  const rows = await db
    .select()
    .from(notices)
    .where(status ? eq(notices.status, status) : undefined)
    .orderBy(desc(notices.id))
    .limit(500);
  return noticesWithTexts(db, rows);
}

export async function listBanners(db: Executor, status?: string): Promise<BannerRecord[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(status ? eq(banners.status, status) : undefined)
    .orderBy(desc(banners.id))
    .limit(500);
  return bannersWithTexts(db, rows);
}

export async function findNotice(db: Executor, id: bigint): Promise<NoticeRecord | undefined> {
  return (await noticesWithTexts(db, await db.select().from(notices).where(eq(notices.id, id))))[0];
}

export async function findBanner(db: Executor, id: bigint): Promise<BannerRecord | undefined> {
  return (await bannersWithTexts(db, await db.select().from(banners).where(eq(banners.id, id))))[0];
}

/** Inserts (id null) or replaces a notice with its texts; the id, or null when there is no such notice. */
export async function saveNotice(
  tx: Executor,
  id: bigint | null,
  fields: NoticeFields,
  texts: NoticeTexts,
): Promise<bigint | null> {
  const [row] =
    id === null
      ? await tx.insert(notices).values(fields).returning({ id: notices.id })
      : await tx
          .update(notices)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(notices.id, id))
          .returning({ id: notices.id });
  if (!row) return null;
  await tx.delete(noticeTexts).where(eq(noticeTexts.noticeId, row.id));
  await tx.insert(noticeTexts).values(texts.map((text) => ({ ...text, noticeId: row.id })));
  return row.id;
}

/** Inserts (id null) or replaces a banner with its texts; the id, or null when there is no such banner. */
export async function saveBanner(
  tx: Executor,
  id: bigint | null,
  fields: BannerFields,
  texts: BannerTexts,
): Promise<bigint | null> {
  const [row] =
    id === null
      ? await tx.insert(banners).values(fields).returning({ id: banners.id })
      : await tx
          .update(banners)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(banners.id, id))
          .returning({ id: banners.id });
  if (!row) return null;
  await tx.delete(bannerTexts).where(eq(bannerTexts.bannerId, row.id));
  await tx.insert(bannerTexts).values(texts.map((text) => ({ ...text, bannerId: row.id })));
  return row.id;
}
