import { FEEDBACK_RATE, FeedbackPaths } from '@fortuna/contracts/feedback';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { fromNewAddress, solvedCaptcha } from '../../test/identity-fixtures.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { operatorHeaders } from '../messages/messages.test-helpers.ts';
import { verificationChallenges } from '../verification/verification.schema.ts';
import { feedback } from './feedback.schema.ts';

const TWENTY = 'The deposit is late!';

describeEachDatabase('feedback: bounds, captcha, rate limit, sender and the operators list', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database(), { TRUSTED_PROXIES: '127.0.0.1,::1' });
  });
  afterAll(() => app.close());

  const rows = () => database().db.select().from(feedback);
  async function sendFeedback(
    fields: Record<string, unknown>,
    headers: Record<string, string> = fromNewAddress(),
  ) {
    // Issued from an address of its own: captchas have their own refresh limit per address.
    const captcha = await solvedCaptcha(app, fromNewAddress());
    return app.inject({
      method: 'PUT',
      url: FeedbackPaths.feedback,
      headers,
      payload: { type: 1, content: TWENTY, ...captcha, ...fields },
    });
  }

  it('when a visitor sends feedback of 20 characters after trimming, then it is stored with contact, address and no sender', async () => {
    const answer = await sendFeedback({
      content: `   ${TWENTY}   `,
      contactInfo: 'juan@example.com',
      type: 0,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const id = BigInt(answer.json().value.id);
    const [row] = await database().db.select().from(feedback).where(eq(feedback.id, id));
    expect(row).toMatchObject({ type: 0, content: TWENTY, sender: null, contactInfo: 'juan@example.com' });
    expect(row?.ip).toMatch(/^198\.51\./);
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it("when a logged-in member sends feedback, then the sender is the member's userName, whatever the body says", async () => {
    const { member, headers } = await loggedInMember(database().db, { withPaymentPassword: false });
    const answer = await sendFeedback(
      { sender: 'someone-else', type: 6 },
      { ...headers, ...fromNewAddress() },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const [row] = await database()
      .db.select()
      .from(feedback)
      .where(eq(feedback.id, BigInt(answer.json().value.id)));
    expect(row).toMatchObject({ sender: member.username, memberId: member.id, type: 6 });
  });

  it('when the type, description or contact is out of bounds, then the field is named and nothing is stored', async () => {
    const before = (await rows()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ content: `  ${'x'.repeat(19)}  ` }, 'body.content'],
      [{ content: 'x'.repeat(201) }, 'body.content'],
      [{ type: 5 }, 'body.type'],
      [{ type: '1' }, 'body.type'],
      [{ contactInfo: 'c'.repeat(101) }, 'body.contactInfo'],
    ];
    for (const [fields, field] of cases) {
      const answer = await sendFeedback(fields);
      expect(answer.statusCode, JSON.stringify(fields)).toBe(400);
      expect(answer.json().value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
    }
    expect(await sendFeedback({ content: 'x'.repeat(200) }).then((answer) => answer.statusCode)).toBe(200);
    expect((await rows()).length).toBe(before + 1);
  });

  it('when the captcha is wrong, missing or expired, then it is CAPTCHA_INVALID naming body.captcha and nothing is stored', async () => {
    const before = (await rows()).length;
    const headers = fromNewAddress();
    const wrong = await sendFeedback({ captcha: 'nope' }, headers);
    const missing = await sendFeedback({ captcha: undefined, captchaId: undefined }, headers);
    const expiring = await solvedCaptcha(app, fromNewAddress());
    await database()
      .db.update(verificationChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationChallenges.id, expiring.captchaId));
    const expired = await sendFeedback(expiring, headers);
    for (const answer of [wrong, missing, expired]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
      expect(answer.json().value.issues[0].field).toBe('body.captcha');
    }
    expect((await rows()).length).toBe(before);
  });

  it('when one address sends more than the limit in the window, then the next is 429 and another address still gets through', async () => {
    const headers = fromNewAddress();
    for (let sent = 0; sent < FEEDBACK_RATE.perAddress; sent += 1) {
      expect((await sendFeedback({}, headers)).statusCode).toBe(200);
    }
    const before = (await rows()).length;
    const limited = await sendFeedback({}, headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await rows()).length).toBe(before);
    expect((await sendFeedback({})).statusCode).toBe(200);
  });

  it('when feedback holds markup, then it is stored and shown to operators as plain text (issue 13)', async () => {
    const answer = await sendFeedback({
      content: '<img src=x onerror=alert(1)>My withdrawal <b>never</b> arrived<script>steal()</script>',
      contactInfo: '<a href="javascript:alert(1)">juan</a>',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [row] = await database()
      .db.select()
      .from(feedback)
      .where(eq(feedback.id, BigInt(answer.json().value.id)));
    expect(row).toMatchObject({ content: 'My withdrawal never arrivedsteal()', contactInfo: 'juan' });
    const support = await operatorHeaders(app, database().db, 'SUPPORT');
    const list = await app.inject({
      method: 'GET',
      url: `${FeedbackPaths.opsList}?pageSize=1`,
      headers: support,
    });
    expect(list.body).not.toMatch(/<[A-Za-z/!?]/);
    const markupOnly = await sendFeedback({ content: '<p><b><i><u><s></s></u></i></b></p>' });
    expect([markupOnly.statusCode, markupOnly.json().value.issues[0].field]).toEqual([400, 'body.content']);
  });

  it('when operators read the feedback, then ADMIN and SUPPORT see it newest first and FINANCE is refused', async () => {
    await sendFeedback({ content: 'The newest feedback of all here' });
    const support = await operatorHeaders(app, database().db, 'SUPPORT');
    const list = await app.inject({
      method: 'GET',
      url: `${FeedbackPaths.opsList}?pageSize=1`,
      headers: support,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().value.items[0]).toMatchObject({ content: 'The newest feedback of all here' });
    const finance = await operatorHeaders(app, database().db, 'FINANCE');
    expect(
      (await app.inject({ method: 'GET', url: FeedbackPaths.opsList, headers: finance })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: FeedbackPaths.opsList })).statusCode).toBe(401);
  });
});
