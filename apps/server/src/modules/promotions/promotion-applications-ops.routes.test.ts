import { PromotionApplicationPaths } from '@fortuna/contracts/promotion-applications';
import { PromotionPaths } from '@fortuna/contracts/promotions';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { PAST_BIGINT } from '../../test/bad-values.ts';
import { describeEachDatabase, describeOnPostgres } from '../../test/databases.ts';
import { pngOf, SMALL_JPEG } from '../../test/images.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import {
  applicationPromotion,
  applicationsHarness,
  fieldsOf,
  writtenFor,
} from './promotion-applications.test-helpers.ts';

const one = (id: string) => PromotionApplicationPaths.opsOne.replace(':id', id);

describeEachDatabase('operators review promotion applications', (database) => {
  const harness = applicationsHarness(database);
  const member = () => loggedInMember(database().db, { withPaymentPassword: false });
  async function applied(promotionId: string, headers: Record<string, string>, comment = 'my proof') {
    const answer = await harness.apply(promotionId, headers, comment, [
      { name: 'a.png', bytes: pngOf(10, 7) },
      { name: 'b.jpg', bytes: SMALL_JPEG, type: 'image/jpeg' },
    ]);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().value.id as string;
  }
  const auditsOf = async (id: string) =>
    (
      (await database().db.execute(
        sql`select action, actor from audit_log where target_type = 'promotion_application' and target_id = ${id} order by id`,
      )) as unknown as { rows: { action: string; actor: string }[] }
    ).rows;

  it('when an application is listed and opened, then operators see who applied, the comment and each image as the png or jpg it is', async () => {
    const { member: applicant, headers } = await member();
    const promotionId = await harness.create();
    const id = await applied(promotionId, headers, 'table 7, Saturday');
    const listed = await harness.ops(
      `${PromotionApplicationPaths.opsList}?status=PENDING&promotionId=${promotionId}`,
      harness.state.support,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().value).toMatchObject({ total: 1, page: 1 });
    const [row] = listed.json().value.applications;
    expect(row).toMatchObject({
      id,
      memberId: String(applicant.id),
      username: applicant.username,
      comment: 'table 7, Saturday',
      status: 'PENDING',
      imageCount: 2,
    });
    const opened = await harness.ops(one(id));
    expect(opened.json().value.imageIds).toEqual(row.imageIds);
    const types: string[] = [];
    for (const imageId of row.imageIds as string[]) {
      const image = await harness.ops(
        PromotionApplicationPaths.opsImage.replace(':id', id).replace(':imageId', imageId),
      );
      expect(image.statusCode).toBe(200);
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      types.push(String(image.headers['content-type']));
      expect((await sharp(image.rawPayload).metadata()).format).toBe(types.length === 1 ? 'png' : 'jpeg');
    }
    expect(types).toEqual(['image/png', 'image/jpeg']);
    const rejectedOnly = await harness.ops(
      `${PromotionApplicationPaths.opsList}?status=REJECTED&promotionId=${promotionId}`,
    );
    expect(rejectedOnly.json().value.total).toBe(0);
    const paged = await harness.ops(`${PromotionApplicationPaths.opsList}?page=1&pageSize=1`);
    expect(paged.json().value.applications).toHaveLength(1);
  });

  it('when an ADMIN approves, then the bonus is granted once as a claim is, the member sees it issued, and the decision is audited', async () => {
    const { headers } = await member();
    const promotionId = await harness.create();
    const id = await applied(promotionId, headers);
    const approved = await harness.decide('approve', id, harness.state.admin, { note: 'verified' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value).toMatchObject({
      status: 'APPROVED',
      bonusMinor: '10000',
      note: 'verified',
    });
    expect(approved.json().value.grantId).toMatch(/^\d+$/);
    const again = await harness.decide('approve', id, harness.state.admin);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('approved already');
    expect((await harness.decide('reject', id, harness.state.admin, { note: 'too late' })).statusCode).toBe(
      409,
    );
    expect((await harness.statusIn(headers, promotionId))?.status).toBe('ISSUED');
    const bonuses = await harness.state.app.inject({ method: 'GET', url: PromotionPaths.bonuses, headers });
    expect(bonuses.json().value.bonuses[0]).toMatchObject({ bonusMinor: '10000', status: 'ACTIVE' });
    expect(await writtenFor(database().db, promotionId)).toMatchObject({ applications: 1, grants: 1 });
    expect(await auditsOf(id)).toEqual([
      { action: 'promotion-application.approve', actor: expect.stringMatching(/^operator:/) },
    ]);
    expect((await reconcile(database().db)).problems).toEqual([]);
    const reapply = await harness.apply(promotionId, headers, 'once more');
    expect(reapply.statusCode).toBe(409);
    expect(reapply.body).toContain('received this promotion already');
  });

  it('when an ADMIN rejects with a note, then the member sees rejected and the note, nothing is granted, and they may apply again', async () => {
    const { headers } = await member();
    const promotionId = await harness.create();
    const id = await applied(promotionId, headers);
    const noNote = await harness.decide('reject', id, harness.state.admin, {});
    expect(fieldsOf(noNote)).toEqual(['body.note']);
    const rejected = await harness.decide('reject', id, harness.state.admin, {
      note: 'The receipt is <b>unreadable</b>',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().value).toMatchObject({ status: 'REJECTED', note: 'The receipt is unreadable' });
    expect(await harness.statusIn(headers, promotionId)).toMatchObject({
      status: 'REJECTED',
      rejectionNote: 'The receipt is unreadable',
    });
    expect(await writtenFor(database().db, promotionId)).toMatchObject({ grants: 0 });
    expect((await auditsOf(id)).map((entry) => entry.action)).toEqual(['promotion-application.reject']);
    await applied(promotionId, headers, 'a clearer photo');
    expect((await harness.statusIn(headers, promotionId))?.status).toBe('APPLYING');
  });

  it('when the budget cannot pay, then approval is refused and the application stays pending', async () => {
    const { headers } = await member();
    const promotionId = await harness.create(applicationPromotion({ budgetMinor: '10000' }));
    const first = await applied(promotionId, headers);
    const { headers: otherHeaders } = await member();
    const second = await applied(promotionId, otherHeaders);
    expect((await harness.decide('approve', first, harness.state.admin)).statusCode).toBe(200);
    const refused = await harness.decide('approve', second, harness.state.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('budget');
    expect((await harness.ops(one(second))).json().value.status).toBe('PENDING');
    expect(await writtenFor(database().db, promotionId)).toMatchObject({ grants: 1 });
  });

  it('when SUPPORT decides, a member or nobody calls, or the ids are bad, then 4xx and nothing changes', async () => {
    const { headers } = await member();
    const promotionId = await harness.create();
    const id = await applied(promotionId, headers);
    expect((await harness.decide('approve', id, harness.state.support)).statusCode).toBe(403);
    expect((await harness.decide('reject', id, harness.state.support, { note: 'no no' })).statusCode).toBe(
      403,
    );
    expect((await harness.decide('approve', id, headers)).statusCode).toBe(401);
    expect((await harness.ops(one(id), headers)).statusCode).toBe(401);
    expect((await harness.ops(one(id), {})).statusCode).toBe(401);
    expect((await harness.decide('approve', '999999999', harness.state.admin)).statusCode).toBe(404);
    for (const bad of [PAST_BIGINT, 'abc', '0']) {
      const answer = await harness.ops(one(bad));
      expect(answer.statusCode, bad).toBe(400);
      expect(fieldsOf(answer)).toEqual(['params.id']);
    }
    const badImage = await harness.ops(
      PromotionApplicationPaths.opsImage.replace(':id', id).replace(':imageId', 'not-a-uuid'),
    );
    expect(badImage.statusCode).toBe(400);
    const otherImage = await harness.ops(
      PromotionApplicationPaths.opsImage
        .replace(':id', id)
        .replace(':imageId', '00000000-0000-4000-8000-000000000000'),
    );
    expect(otherImage.statusCode).toBe(404);
    const badFilter = await harness.ops(`${PromotionApplicationPaths.opsList}?status=MAYBE&pageSize=1000`);
    expect(badFilter.statusCode).toBe(400);
    expect(fieldsOf(badFilter)?.sort()).toEqual(['query.pageSize', 'query.status']);
    const longNote = await harness.decide('reject', id, harness.state.admin, { note: 'x'.repeat(501) });
    expect(fieldsOf(longNote)).toEqual(['body.note']);
    expect((await harness.ops(one(id))).json().value.status).toBe('PENDING');
    expect(await auditsOf(id)).toEqual([]);
  });
});

describeOnPostgres('promotion applications under concurrency', (database) => {
  const harness = applicationsHarness(database);

  it('when a member submits twice at once, then one application is written', async () => {
    const { headers } = await loggedInMember(database().db, { withPaymentPassword: false });
    const promotionId = await harness.create();
    const answers = await Promise.all([
      harness.apply(promotionId, headers, 'one', [{ name: 'a.png', bytes: pngOf(8, 8) }]),
      harness.apply(promotionId, headers, 'two', [{ name: 'a.png', bytes: pngOf(8, 8) }]),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await writtenFor(database().db, promotionId)).toEqual({ applications: 1, images: 1, grants: 0 });
  });

  it('when two operators approve the same application at once, then one bonus is granted', async () => {
    const { headers } = await loggedInMember(database().db, { withPaymentPassword: false });
    const promotionId = await harness.create();
    const applied = await harness.apply(promotionId, headers, 'proof');
    const id = applied.json().value.id as string;
    const answers = await Promise.all([
      harness.decide('approve', id, harness.state.admin),
      harness.decide('approve', id, harness.state.admin),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await writtenFor(database().db, promotionId)).toMatchObject({ applications: 1, grants: 1 });
    expect((await reconcile(database().db)).problems).toEqual([]);
  });
});
