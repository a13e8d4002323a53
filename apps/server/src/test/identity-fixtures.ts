import { MemberPaths } from '@fortuna/contracts/member';
import { VerificationPaths } from '@fortuna/contracts/verification';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { members } from '../modules/identity/identity.schema.ts';
import { hashPassword } from '../modules/identity/password-hashing.ts';
import { verificationChallenges } from '../modules/verification/verification.schema.ts';
import { humanDrag } from '../modules/verification/verification.test-helpers.ts';
import type { Database } from '../platform/db/database.ts';

export const TEST_PASSWORD = 'Kalabaw2026';
let serial = 0;

/** A fresh, unique username for one test. */
export function uniqueUsername(prefix = 'p'): string {
  serial += 1;
  return `${prefix}${Date.now().toString(36)}${serial}`.slice(0, 16);
}

/** A member written straight to the database, as an operator or an agent would have created it. */
export async function createMember(
  db: Database,
  fields: Partial<typeof members.$inferInsert> & { password?: string } = {},
) {
  const { password = TEST_PASSWORD, ...rest } = fields;
  const username = rest.username ?? uniqueUsername();
  const [row] = await db
    .insert(members)
    .values({
      nickname: username,
      firstTimeLogin: false,
      ...rest,
      username,
      passwordHash: await hashPassword(password),
    })
    .returning();
  if (!row) throw new Error('member not inserted');
  return row;
}

export async function memberByUsername(db: Database, username: string) {
  const [row] = await db.select().from(members).where(eq(members.username, username));
  return row;
}

/**
 * Solves a slider puzzle the way a person does: the gap's position is read from the database
 * (a person reads it from the picture) and the drag has a hand's rhythm.
 */
export async function sliderTicket(
  app: FastifyInstance,
  db: Database,
  action: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const puzzle = await app.inject({
    method: 'GET',
    url: `${VerificationPaths.slider}?action=${action}`,
    headers,
  });
  const { sliderId } = puzzle.json().value;
  const [row] = await db.select().from(verificationChallenges).where(eq(verificationChallenges.id, sliderId));
  const offsetX = Number(row?.answer);
  const checked = await app.inject({
    method: 'POST',
    url: VerificationPaths.sliderCheck,
    headers,
    payload: { sliderId, offsetX, trajectory: humanDrag(offsetX) },
  });
  if (checked.statusCode !== 200) throw new Error(`slider not solved: ${checked.body}`);
  return checked.json().value.ticket;
}

/** A captcha and its answer, through the development peek that the test app switches on. */
export async function solvedCaptcha(
  app: FastifyInstance,
  headers: Record<string, string> = {},
  remoteAddress?: string,
): Promise<{ captchaId: string; captcha: string }> {
  const issued = await app.inject({ method: 'GET', url: VerificationPaths.captcha, headers, remoteAddress });
  const { captchaId } = issued.json().value;
  const peek = await app.inject({ method: 'GET', url: `${VerificationPaths.devCaptchaPeek}/${captchaId}` });
  return { captchaId, captcha: peek.json().value.text };
}

/**
 * A new member registered by username through the API, as the register popup does (logged in at
 * once), from the client `headers` describe; `extra` adds fields (a referral code). The answer is
 * the registration's, unchecked, and the username as stored.
 */
export async function registerThroughApi(
  app: FastifyInstance,
  headers: Record<string, string>,
  { prefix = 'p', extra = {} }: { prefix?: string; extra?: Record<string, unknown> } = {},
) {
  const username = uniqueUsername(prefix);
  const answer = await app.inject({
    method: 'PUT',
    url: MemberPaths.register,
    headers,
    payload: {
      ...(await solvedCaptcha(app, headers)),
      login: true,
      username,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      registerMethod: 'WEB',
      ...extra,
    },
  });
  return { answer, username: username.toLowerCase() };
}

/**
 * The code of the newest SMS to `to`. Login and reset codes are sent after the answer, so the
 * outbox is read again, a few times, until the message is there.
 */
export async function lastSmsCode(app: FastifyInstance, to: string): Promise<string> {
  for (let read = 0; read < 50; read += 1) {
    const outbox = await app.inject({
      method: 'GET',
      url: `${VerificationPaths.devSmsOutbox}?to=${encodeURIComponent(to)}`,
    });
    const text: string | undefined = outbox.json().value[0]?.text;
    const code = text?.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no code sent to ${to}`);
}

let addressSerial = 0;
/**
 * A header that makes the next requests come from an address of their own (the test app trusts
 * 127.0.0.1 as a proxy), so per-address limits of one test never touch another.
 */
export function fromNewAddress(): Record<string, string> {
  addressSerial += 1;
  return {
    'x-forwarded-for': `198.51.${Math.floor(addressSerial / 250) % 250}.${(addressSerial % 250) + 1}`,
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Rows in a table now: tests compare before and after to prove that nothing was written. */
export async function rowCount(db: Database, table: 'members' | 'member_sessions'): Promise<number> {
  const result = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n);
}
