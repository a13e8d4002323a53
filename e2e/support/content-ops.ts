import {
  type AnnouncementInput,
  AnnouncementPaths,
  OpsAnnouncementListResponseSchema,
} from '@fortuna/contracts/announcements';
import { type APIRequestContext, expect } from '@playwright/test';
import { opsToken } from '../playwright.config.ts';

const headers = { authorization: `Bearer ${opsToken}` };

/** Creates and publishes an announcement through the operator API, as an operator would; its id. */
export async function publishAnnouncement(
  request: APIRequestContext,
  input: AnnouncementInput,
): Promise<string> {
  const created = await request.post(AnnouncementPaths.opsList, { headers, data: input });
  expect(created.ok(), `create answered ${created.status()} ${await created.text()}`).toBe(true);
  const id = (await created.json()).value.id as string;
  const published = await request.post(AnnouncementPaths.opsPublish.replace(':id', id), { headers });
  expect(published.ok(), `publish answered ${published.status()}`).toBe(true);
  return id;
}

export async function withdrawAnnouncement(request: APIRequestContext, id: string): Promise<void> {
  await request.post(AnnouncementPaths.opsWithdraw.replace(':id', id), { headers });
}

/**
 * Withdraws every published popup announcement, so that no popup covers the page. The demo seed
 * has one for members; the tests that look at popups publish their own and withdraw them after.
 */
export async function withdrawPopupAnnouncements(request: APIRequestContext): Promise<void> {
  const listed = await request.get(AnnouncementPaths.opsList, { headers, params: { status: 'PUBLISHED' } });
  expect(listed.ok(), `ops list answered ${listed.status()}`).toBe(true);
  const published = OpsAnnouncementListResponseSchema.parse(await listed.json()).value ?? [];
  for (const announcement of published.filter((item) => item.popupType !== null)) {
    await withdrawAnnouncement(request, announcement.id);
  }
}
