import {
  type AnnouncementInput,
  AnnouncementListResponseSchema,
  type AnnouncementPage,
  AnnouncementPaths,
  OpsAnnouncementResponseSchema,
} from '@fortuna/contracts/announcements';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../platform/db/database.ts';
import { opsHeaders } from '../../test/app.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { memberSessions } from '../identity/identity.schema.ts';
import { newOpaqueToken, tokenHash } from '../identity/secrets.ts';

/** An announcement input with an EN text; tests override what they look at. */
export function announcementInput(overrides: Partial<AnnouncementInput> = {}): AnnouncementInput {
  return {
    type: 'B',
    texts: [
      { lang: 'EN', title: 'Weekend reload', content: '<p>Deposit and get <strong>10%</strong> more.</p>' },
    ],
    ...overrides,
  };
}

/** Creates an announcement through the ops API; published unless told otherwise. Returns its id. */
export async function createAnnouncement(
  app: FastifyInstance,
  input: AnnouncementInput,
  { publish = true } = {},
): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: AnnouncementPaths.opsList,
    headers: opsHeaders,
    payload: input,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = OpsAnnouncementResponseSchema.parse(created.json()).value?.id as string;
  if (publish) {
    const published = await app.inject({
      method: 'POST',
      url: AnnouncementPaths.opsPublish.replace(':id', id),
      headers: opsHeaders,
    });
    expect(published.statusCode, published.body).toBe(200);
  }
  return id;
}

/** The announcements list as a visitor (no token) or as the holder of `token`. */
export async function readAnnouncements(
  app: FastifyInstance,
  query: Record<string, string | number | boolean>,
  token?: string,
): Promise<AnnouncementPage> {
  const answer = await app.inject({
    method: 'GET',
    url: AnnouncementPaths.list,
    query: Object.fromEntries(Object.entries({ lang: 'EN', ...query }).map(([k, v]) => [k, String(v)])),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return AnnouncementListResponseSchema.parse(answer.json()).value as AnnouncementPage;
}

/** A member with a live session, as after a login; `earlierSession` makes it not their first login. */
export async function memberSession(db: Database, { earlierSession = true } = {}): Promise<string> {
  const member = await createMember(db);
  const session = (token: string, createdAt: Date) => ({
    tokenHash: tokenHash(token),
    memberId: member.id,
    kind: 'PASSWORD',
    ip: '198.51.100.7',
    createdAt,
    lastSeenAt: new Date(),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  if (earlierSession) {
    await db.insert(memberSessions).values(session(newOpaqueToken(), new Date(Date.now() - 86_400_000)));
  }
  const token = newOpaqueToken();
  await db.insert(memberSessions).values(session(token, new Date()));
  return token;
}
