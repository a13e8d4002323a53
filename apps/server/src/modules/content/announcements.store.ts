import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { announcementImages, announcements, announcementTexts } from './content.schema.ts';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementTextRow = typeof announcementTexts.$inferSelect;
export type AnnouncementImageRow = typeof announcementImages.$inferSelect;
export interface AnnouncementRecord extends AnnouncementRow {
  texts: AnnouncementTextRow[];
  images: AnnouncementImageRow[];
}

type AnnouncementFields = Pick<
  AnnouncementRow,
  'type' | 'popupType' | 'audience' | 'platform' | 'startsAt' | 'endsAt'
>;
type Texts = Omit<AnnouncementTextRow, 'announcementId'>[];
type Images = Omit<AnnouncementImageRow, 'announcementId'>[];

async function withParts(db: Executor, rows: AnnouncementRow[]): Promise<AnnouncementRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [texts, images] = await Promise.all([
    db.select().from(announcementTexts).where(inArray(announcementTexts.announcementId, ids)),
    db.select().from(announcementImages).where(inArray(announcementImages.announcementId, ids)),
  ]);
  return rows.map((row) => ({
    ...row,
    texts: texts.filter((text) => text.announcementId === row.id),
    images: images.filter((image) => image.announcementId === row.id).sort((a, b) => a.sequence - b.sequence),
  }));
}

/** Published announcements whose window has not closed (some may not have opened yet). */
export async function readLiveAnnouncements(db: Executor, now: Date): Promise<AnnouncementRecord[]> {
  const rows = await db
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.status, 'PUBLISHED'),
        or(isNull(announcements.endsAt), gt(announcements.endsAt, now)),
      ),
    );
  return withParts(db, rows);
}

export async function listAnnouncements(db: Executor, status?: string): Promise<AnnouncementRecord[]> {
  const rows = await db
    .select()
    .from(announcements)
    .where(status ? eq(announcements.status, status) : undefined)
    .orderBy(desc(announcements.id))
    .limit(500);
  return withParts(db, rows);
}

export async function findAnnouncement(db: Executor, id: bigint): Promise<AnnouncementRecord | undefined> {
  const rows = await db.select().from(announcements).where(eq(announcements.id, id));
  return (await withParts(db, rows))[0];
}

/** Inserts (id null) or replaces an announcement with its texts and images; null when there is no such one. */
export async function saveAnnouncement(
  tx: Executor,
  id: bigint | null,
  fields: AnnouncementFields,
  texts: Texts,
  images: Images,
): Promise<bigint | null> {
  const [row] =
    id === null
      ? await tx.insert(announcements).values(fields).returning({ id: announcements.id })
      : await tx
          .update(announcements)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(announcements.id, id))
          .returning({ id: announcements.id });
  if (!row) return null;
  await tx.delete(announcementTexts).where(eq(announcementTexts.announcementId, row.id));
  await tx.delete(announcementImages).where(eq(announcementImages.announcementId, row.id));
  await tx.insert(announcementTexts).values(texts.map((text) => ({ ...text, announcementId: row.id })));
  if (images.length > 0) {
    await tx.insert(announcementImages).values(images.map((image) => ({ ...image, announcementId: row.id })));
  }
  return row.id;
}

export async function announcementExists(db: Executor, id: bigint): Promise<boolean> {
  const rows = await db.select({ id: announcements.id }).from(announcements).where(eq(announcements.id, id));
  return rows.length > 0;
}
