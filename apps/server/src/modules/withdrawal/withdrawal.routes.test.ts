import { randomUUID } from 'node:crypto';
import {
  OpsWithdrawalListResponseSchema,
  PROOF_IMAGE_FIELD,
  WithdrawalHistoryResponseSchema,
  WithdrawalPaths,
  WithdrawalResponseSchema,
} from '@fortuna/contracts/withdrawal';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { bearer } from '../../test/identity-fixtures.ts';
import { pngOf, SMALL_JPEG } from '../../test/images.ts';
import { ledgerTransactions } from '../ledger/ledger.schema.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { auditLog } from '../operators/operators.schema.ts';
import { walletSettings } from '../wallet/wallet.schema.ts';
import { autoReceiveOverdue } from './auto-receipt.ts';
import { withdrawalProofs, withdrawalRequests } from './withdrawal.schema.ts';
import {
  addPayee,
  operatorToken,
  opsUrl,
  requestWithdrawal,
  seedWithdrawalWorld,
  supportOperatorHeaders,
  withdrawingMember,
} from './withdrawal.test-helpers.ts';

describeEachDatabase('withdrawals', (database) => {
  let app: FastifyInstance;
  let finance: Record<string, string>;
  let support: Record<string, string>;
  beforeAll(async () => {
    await seedWithdrawalWorld(database().db);
    app = await buildTestApp(database());
    finance = bearer(await operatorToken(app, 'finance01'));
    support = await supportOperatorHeaders(app);
  });
  afterAll(async () => {
    expect(await reconcile(database().db)).toEqual({ ok: true, problems: [] });
    await app.close();
  });

  /** A member with 10,000.00 and one bank account. */
  async function memberWithPayee(openingMinor = 1_000_000n) {
    const member = await withdrawingMember(database().db, openingMinor);
    const payeeAccountId = (await addPayee(app, member.headers)).json().value.id as string;
    return { ...member, payeeAccountId };
  }

  async function pendingWithdrawal(amountMinor = '50000') {
    const member = await memberWithPayee();
    const answer = await requestWithdrawal(app, member.headers, {
      payeeAccountId: member.payeeAccountId,
      amountMinor,
    });
    expect(answer.statusCode).toBe(200);
    return { ...member, orderNo: answer.json().value.orderNo as string };
  }

  const decide = (
    step: 'opsApprove' | 'opsReject' | 'opsPaid',
    orderNo: string,
    headers = finance,
    note = 'ok',
  ) =>
    app.inject({ method: 'POST', url: opsUrl(WithdrawalPaths[step], orderNo), headers, payload: { note } });

  async function paidWithdrawal(amountMinor = '50000') {
    const pending = await pendingWithdrawal(amountMinor);
    expect((await decide('opsApprove', pending.orderNo)).statusCode).toBe(200);
    expect((await decide('opsPaid', pending.orderNo, finance, 'BDO ref 7781')).statusCode).toBe(200);
    return pending;
  }

  const confirm = (orderNo: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: opsUrl(WithdrawalPaths.confirm, orderNo), headers, payload });

  /** The confirmation as the lobby sends it with images: multipart, the files in `images`. */
  const confirmWithImages = (
    orderNo: string,
    headers: Record<string, string>,
    fields: Record<string, string>,
    files: { name: string; bytes: Buffer; type?: string }[],
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of files) {
      form.append(PROOF_IMAGE_FIELD, new Blob([file.bytes], { type: file.type ?? 'image/png' }), file.name);
    }
    return app.inject({
      method: 'POST',
      url: opsUrl(WithdrawalPaths.confirm, orderNo),
      headers,
      payload: form,
    });
  };

  /** The stored proof images of a withdrawal, as an operator downloads them. */
  async function proofsOf(
    orderNo: string,
    status: string,
  ): Promise<{ contentType: string; bytes: Buffer }[]> {
    const listed = await app.inject({
      method: 'GET',
      url: `${WithdrawalPaths.opsList}?status=${status}`,
      headers: support,
    });
    const found = listed.json().value.withdrawals.find((w: { orderNo: string }) => w.orderNo === orderNo);
    const proofs = [];
    for (const proofId of found.proofIds as string[]) {
      const image = await app.inject({
        method: 'GET',
        url: opsUrl(WithdrawalPaths.opsProof, orderNo).replace(':proofId', proofId),
        headers: support,
      });
      expect(image.statusCode).toBe(200);
      proofs.push({ contentType: String(image.headers['content-type']), bytes: image.rawPayload });
    }
    return proofs;
  }

  const rowOf = async (orderNo: string) => {
    const [row] = await database()
      .db.select()
      .from(withdrawalRequests)
      .where(eq(withdrawalRequests.orderNo, orderNo));
    return row;
  };
  const auditOf = (orderNo: string) =>
    database().db.select().from(auditLog).where(eq(auditLog.targetId, orderNo)).orderBy(auditLog.id);
  const fieldsOf = (answer: { json(): { value: { issues: { field: string }[] } } }) =>
    answer.json().value.issues.map((issue) => issue.field);
  const withdrawalsOf = (memberId: bigint) =>
    database().db.select().from(withdrawalRequests).where(eq(withdrawalRequests.memberId, memberId));

  it('when a member withdraws and it is approved, paid and confirmed, then the money is held once and the case closes', async () => {
    const member = await memberWithPayee();
    const requestId = randomUUID();
    const asked = await requestWithdrawal(app, member.headers, {
      payeeAccountId: member.payeeAccountId,
      amountMinor: '250000',
      requestId,
    });
    expect(asked.statusCode).toBe(200);
    const withdrawal = WithdrawalResponseSchema.parse(asked.json()).value;
    expect(withdrawal).toMatchObject({ status: 'PENDING', amountMinor: '250000', canConfirm: false });
    expect(withdrawal?.orderNo).toMatch(/^W\d{8}-[A-Z0-9]{10}$/);
    expect(withdrawal?.payee.accountNumberMasked).toBe('••••7890');
    expect(await member.balance()).toBe(750_000n);
    const orderNo = withdrawal?.orderNo as string;

    const replay = await requestWithdrawal(app, member.headers, {
      payeeAccountId: member.payeeAccountId,
      amountMinor: '250000',
      requestId,
    });
    expect(replay.json().value.orderNo).toBe(orderNo);
    expect(await member.balance()).toBe(750_000n);
    expect(await withdrawalsOf(member.member.id)).toHaveLength(1);

    const listed = await app.inject({
      method: 'GET',
      url: `${WithdrawalPaths.opsList}?status=PENDING`,
      headers: support,
    });
    const pending = OpsWithdrawalListResponseSchema.parse(listed.json()).value?.withdrawals ?? [];
    expect(pending.find((w) => w.orderNo === orderNo)).toMatchObject({ accountNumber: '001234567890' });

    const approved = await decide('opsApprove', orderNo);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().value.status).toBe('APPROVED');
    const paid = await decide('opsPaid', orderNo, finance, 'BDO ref 1234');
    expect(paid.statusCode).toBe(200);
    expect(paid.json().value).toMatchObject({
      status: 'PAID',
      decisionNote: 'BDO ref 1234',
      canConfirm: true,
    });
    const confirmBy = Date.parse(paid.json().value.confirmBy);
    expect(confirmBy - Date.parse(paid.json().value.paidAt)).toBe(60 * 60_000);

    const confirmed = await confirm(orderNo, member.headers, { outcome: 'RECEIVED' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().value).toMatchObject({
      status: 'RECEIVED',
      forcedReceipt: false,
      canConfirm: false,
    });
    const twice = await confirm(orderNo, member.headers, { outcome: 'NOT_RECEIVED' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'WITHDRAWAL_NOT_CONFIRMABLE' });
    expect(await member.balance()).toBe(750_000n);

    const history = await app.inject({
      method: 'GET',
      url: WithdrawalPaths.withdrawals,
      headers: member.headers,
    });
    const value = WithdrawalHistoryResponseSchema.parse(history.json()).value;
    expect(value?.total).toBe(1);
    expect(value?.withdrawals[0]?.status).toBe('RECEIVED');
    const one = await app.inject({
      method: 'GET',
      url: opsUrl(WithdrawalPaths.withdrawal, orderNo),
      headers: member.headers,
    });
    expect(one.json().value.status).toBe('RECEIVED');

    const audit = await auditOf(orderNo);
    expect(audit.map((entry) => entry.action)).toEqual(['withdrawal.approve', 'withdrawal.paid']);
    expect(audit.every((entry) => entry.actor.startsWith('operator:'))).toBe(true);
  });

  it('when a withdrawal is rejected, then the hold goes back exactly once and it cannot be approved after', async () => {
    const { orderNo, balance } = await pendingWithdrawal('300000');
    expect(await balance()).toBe(700_000n);
    const rejected = await decide('opsReject', orderNo, finance, 'name check failed');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().value).toMatchObject({ status: 'REJECTED', decisionNote: 'name check failed' });
    expect(await balance()).toBe(1_000_000n);
    const again = await decide('opsReject', orderNo);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('REJECTED');
    expect((await decide('opsApprove', orderNo)).statusCode).toBe(409);
    expect((await decide('opsPaid', orderNo)).statusCode).toBe(409);
    expect(await balance()).toBe(1_000_000n);
    const releases = await database()
      .db.select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `withdrawal-release:${orderNo}`));
    expect(releases).toHaveLength(1);
    expect((await rowOf(orderNo))?.settleTransactionId).toBe(releases[0]?.id);
    expect((await auditOf(orderNo)).map((entry) => entry.action)).toEqual(['withdrawal.reject']);
  });

  it('when two operators approve at once, or pay before approval, then only one approval happens', async () => {
    const { orderNo } = await pendingWithdrawal();
    expect((await decide('opsPaid', orderNo)).statusCode).toBe(409);
    const answers = await Promise.all([
      decide('opsApprove', orderNo),
      decide('opsApprove', orderNo, opsHeaders),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await auditOf(orderNo)).map((entry) => entry.action)).toEqual(['withdrawal.approve']);
    const paidTwice = await Promise.all([decide('opsPaid', orderNo), decide('opsPaid', orderNo)]);
    expect(paidTwice.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('when the OPS_TOKEN secret decides, then the audit names ops-token', async () => {
    const { orderNo } = await pendingWithdrawal();
    expect((await decide('opsReject', orderNo, opsHeaders, 'test')).statusCode).toBe(200);
    expect((await auditOf(orderNo))[0]?.actor).toBe('ops-token');
  });

  it('when SUPPORT decides, then 403; a member token or none on /ops, then 401; nothing changes', async () => {
    const { orderNo, headers } = await pendingWithdrawal();
    for (const step of ['opsApprove', 'opsReject', 'opsPaid'] as const) {
      const answer = await decide(step, orderNo, support);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect((await decide(step, orderNo, headers)).statusCode).toBe(401);
      expect((await decide(step, orderNo, {})).statusCode).toBe(401);
    }
    expect((await app.inject({ method: 'GET', url: WithdrawalPaths.opsList, headers })).statusCode).toBe(401);
    expect((await rowOf(orderNo))?.status).toBe('PENDING');
    expect(await auditOf(orderNo)).toHaveLength(0);
  });

  it('when the amount is outside the limits, then 400 naming body.amountMinor with the bounds, nothing written', async () => {
    const member = await memberWithPayee();
    for (const amountMinor of ['9999', '5000001']) {
      const answer = await requestWithdrawal(app, member.headers, {
        payeeAccountId: member.payeeAccountId,
        amountMinor,
      });
      expect(answer.statusCode).toBe(400);
      expect(fieldsOf(answer)).toEqual(['body.amountMinor']);
      expect(answer.json().message).toContain('100.00');
      expect(answer.json().message).toContain('50,000.00');
    }
    expect(await withdrawalsOf(member.member.id)).toHaveLength(0);
    expect(await member.balance()).toBe(1_000_000n);
  });

  it('when the amount is not a positive whole number of minor units, then 400 naming body.amountMinor', async () => {
    const member = await memberWithPayee();
    for (const amountMinor of ['-50000', '0', '500.5', '1e5', '100000000000000', 50000, '']) {
      const answer = await requestWithdrawal(app, member.headers, {
        payeeAccountId: member.payeeAccountId,
        amountMinor,
      });
      expect(answer.statusCode, String(amountMinor)).toBe(400);
      expect(fieldsOf(answer)).toContain('body.amountMinor');
    }
    expect(await withdrawalsOf(member.member.id)).toHaveLength(0);
    expect(await member.balance()).toBe(1_000_000n);
  });

  it('when the daily count is reached, then the next request is refused with the count, nothing written', async () => {
    await database().db.update(walletSettings).set({ withdrawDailyCount: 2 }).where(eq(walletSettings.id, 1));
    try {
      const member = await memberWithPayee();
      for (let i = 0; i < 2; i += 1) {
        const ok = await requestWithdrawal(app, member.headers, { payeeAccountId: member.payeeAccountId });
        expect(ok.statusCode).toBe(200);
      }
      const third = await requestWithdrawal(app, member.headers, { payeeAccountId: member.payeeAccountId });
      expect(third.statusCode).toBe(409);
      expect(third.json()).toMatchObject({ code: 'WITHDRAWAL_DAILY_LIMIT' });
      expect(third.json().message).toContain('At most 2 withdrawals a day');
      expect(await withdrawalsOf(member.member.id)).toHaveLength(2);
      expect(await member.balance()).toBe(900_000n);
    } finally {
      await database()
        .db.update(walletSettings)
        .set({ withdrawDailyCount: 5 })
        .where(eq(walletSettings.id, 1));
    }
  });

  it('when the payment password is wrong, then 400 naming body.paymentPassword and nothing written', async () => {
    const member = await memberWithPayee();
    const wrong = await requestWithdrawal(app, member.headers, {
      payeeAccountId: member.payeeAccountId,
      paymentPassword: '111111',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'PAYMENT_PASSWORD_WRONG' });
    expect(fieldsOf(wrong)).toEqual(['body.paymentPassword']);
    const malformed = await requestWithdrawal(app, member.headers, {
      payeeAccountId: member.payeeAccountId,
      paymentPassword: '12ab',
    });
    expect(fieldsOf(malformed)).toEqual(['body.paymentPassword']);
    expect(await withdrawalsOf(member.member.id)).toHaveLength(0);
    expect(await member.balance()).toBe(1_000_000n);
  });

  it('when the balance is too small, then 409 INSUFFICIENT_FUNDS and neither request nor hold is written', async () => {
    const member = await memberWithPayee(40_000n);
    const requestId = randomUUID();
    const answer = await requestWithdrawal(app, member.headers, {
      payeeAccountId: member.payeeAccountId,
      amountMinor: '40001',
      requestId,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await withdrawalsOf(member.member.id)).toHaveLength(0);
    const holds = await database()
      .db.select()
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `withdrawal-hold:${member.member.id}:%`));
    expect(holds).toHaveLength(0);
    expect(await member.balance()).toBe(40_000n);
  });

  it("when a member uses another member's payee account or order, then 404 and nothing written", async () => {
    const alice = await memberWithPayee();
    const bob = await paidWithdrawal();
    const foreignPayee = await requestWithdrawal(app, alice.headers, { payeeAccountId: bob.payeeAccountId });
    expect(foreignPayee.statusCode).toBe(404);
    expect(fieldsOf(foreignPayee)).toEqual(['body.payeeAccountId']);
    const url = opsUrl(WithdrawalPaths.withdrawal, bob.orderNo);
    expect((await app.inject({ method: 'GET', url, headers: alice.headers })).statusCode).toBe(404);
    expect((await confirm(bob.orderNo, alice.headers, { outcome: 'RECEIVED' })).statusCode).toBe(404);
    expect(await withdrawalsOf(alice.member.id)).toHaveLength(0);
    expect((await rowOf(bob.orderNo))?.status).toBe('PAID');
    const history = await app.inject({
      method: 'GET',
      url: WithdrawalPaths.withdrawals,
      headers: alice.headers,
    });
    expect(history.json().value.total).toBe(0);
  });

  it('when the member says part arrived, with a real png and jpg, then PARTIALLY_RECEIVED with the proofs for an operator', async () => {
    const { orderNo, headers } = await paidWithdrawal('80000');
    const tooMuch = await confirm(orderNo, headers, {
      outcome: 'PARTIALLY_RECEIVED',
      receivedMinor: '80000',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(fieldsOf(tooMuch)).toEqual(['body.receivedMinor']);
    const png = pngOf(12, 9);
    const answer = await confirmWithImages(
      orderNo,
      headers,
      { outcome: 'PARTIALLY_RECEIVED', receivedMinor: '30000', note: 'only 300 arrived' },
      [
        { name: 'bank.png', bytes: png },
        // The declared type is not believed: the content says jpg.
        { name: 'app.jpg', bytes: SMALL_JPEG, type: 'application/octet-stream' },
      ],
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().value).toMatchObject({ status: 'PARTIALLY_RECEIVED', receivedMinor: '30000' });
    const proofs = await proofsOf(orderNo, 'PARTIALLY_RECEIVED');
    expect(proofs.map((proof) => proof.contentType)).toEqual(['image/png', 'image/jpeg']);
    const sizes = await Promise.all(proofs.map(async (proof) => await sharp(proof.bytes).metadata()));
    expect(sizes.map(({ width, height }) => [width, height])).toEqual([
      [12, 9],
      [16, 12],
    ]);
  });

  it('when a proof photo carries EXIF with a GPS position, then it is stored re-encoded without any of it', async () => {
    const { orderNo, headers } = await paidWithdrawal();
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '14/1 35/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '120/1 59/1 0/1',
        },
      })
      .toBuffer();
    // What was sent has them: the GPS IFD pointer (tag 0x8825, LONG, little-endian) and 120°E.
    const sent = (await sharp(photo).metadata()).exif ?? Buffer.alloc(0);
    expect(sent.includes('PhoneMaker')).toBe(true);
    expect(sent.includes(Buffer.from([0x25, 0x88, 0x04, 0x00]))).toBe(true);
    expect(sent.includes(Buffer.from([120, 0, 0, 0, 1, 0, 0, 0]))).toBe(true);

    const answer = await confirmWithImages(orderNo, headers, { outcome: 'NOT_RECEIVED' }, [
      { name: 'IMG_0001.jpg', bytes: photo, type: 'image/jpeg' },
    ]);
    expect(answer.statusCode).toBe(200);
    const [stored] = await proofsOf(orderNo, 'NOT_RECEIVED');
    const kept = await sharp(stored?.bytes).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(kept.exif).toBeUndefined();
    expect(kept.xmp).toBeUndefined();
    expect(stored?.bytes.includes('Exif')).toBe(false);
    expect(stored?.bytes.includes('PhoneMaker')).toBe(false);
  });

  it('when the images are not whole png or jpg, too large or too many, then refused by field and nothing written', async () => {
    const { orderNo, headers } = await paidWithdrawal();
    const png = pngOf(8, 8);
    const good = { name: 'good.png', bytes: png };
    const sixMegabytes = pngOf(1300, 1300, true);
    expect(sixMegabytes.length).toBeGreaterThan(5 * 1024 * 1024);
    const cases: [{ name: string; bytes: Buffer }[], string][] = [
      [[good, { name: 'proof.png', bytes: Buffer.from('I am a text file') }], 'body.images.1'],
      [[{ name: 'cut.png', bytes: png.subarray(0, png.length - 20) }], 'body.images.0'],
      [[{ name: 'big.png', bytes: sixMegabytes }], 'body.images.0'],
      [[good, good, good, good], 'body.images'],
    ];
    for (const [files, field] of cases) {
      const answer = await confirmWithImages(orderNo, headers, { outcome: 'NOT_RECEIVED' }, files);
      expect(answer.statusCode, field).toBe(400);
      expect(fieldsOf(answer)).toEqual([field]);
    }
    const received = await confirmWithImages(orderNo, headers, { outcome: 'RECEIVED' }, [good]);
    expect(fieldsOf(received)).toEqual(['body.images']);
    const misnamed = await app.inject({
      method: 'POST',
      url: opsUrl(WithdrawalPaths.confirm, orderNo),
      headers,
      payload: (() => {
        const form = new FormData();
        form.append('outcome', 'NOT_RECEIVED');
        form.append('photo', new Blob([png]), 'a.png');
        return form;
      })(),
    });
    expect(fieldsOf(misnamed)).toEqual(['body.photo']);
    const noOutcome = await confirmWithImages(orderNo, headers, {}, [good]);
    expect(fieldsOf(noOutcome)).toEqual(['body.outcome']);
    const broken = await app.inject({
      method: 'POST',
      url: opsUrl(WithdrawalPaths.confirm, orderNo),
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="outcome"\r\n\r\nNOT_REC',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('MALFORMED_REQUEST');
    const row = await rowOf(orderNo);
    expect(row?.status).toBe('PAID');
    expect(
      await database()
        .db.select()
        .from(withdrawalProofs)
        .where(eq(withdrawalProofs.withdrawalId, row?.id ?? '')),
    ).toHaveLength(0);

    const notReceived = await confirmWithImages(orderNo, headers, { outcome: 'NOT_RECEIVED' }, [
      good,
      good,
      good,
    ]);
    expect(notReceived.statusCode).toBe(200);
    expect(notReceived.json().value.status).toBe('NOT_RECEIVED');
  });

  it('when the deadline passes unconfirmed, then the task makes it AUTO_RECEIVED once (forced), not before', async () => {
    const { orderNo, headers } = await paidWithdrawal();
    const confirmBy = (await rowOf(orderNo))?.confirmBy as Date;
    await autoReceiveOverdue(database().db, new Date(confirmBy.getTime() - 1000));
    expect((await rowOf(orderNo))?.status).toBe('PAID');

    const after = new Date(confirmBy.getTime() + 1000);
    const [first, second] = await Promise.all([
      autoReceiveOverdue(database().db, after),
      autoReceiveOverdue(database().db, after),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    const row = await rowOf(orderNo);
    expect(row).toMatchObject({ status: 'AUTO_RECEIVED', forcedReceipt: true });
    expect(
      (await auditOf(orderNo)).filter((entry) => entry.action === 'withdrawal.auto-receipt'),
    ).toHaveLength(1);
    expect(await autoReceiveOverdue(database().db, after)).toBe(0);

    const late = await confirm(orderNo, headers, { outcome: 'NOT_RECEIVED' });
    expect(late.statusCode).toBe(409);
    expect((await rowOf(orderNo))?.status).toBe('AUTO_RECEIVED');
  });

  it('when the member confirms after the deadline but before the task ran, then it is refused', async () => {
    const { orderNo, headers } = await paidWithdrawal();
    await database()
      .db.update(withdrawalRequests)
      .set({ confirmBy: new Date(Date.now() - 1000) })
      .where(eq(withdrawalRequests.orderNo, orderNo));
    const late = await confirm(orderNo, headers, { outcome: 'RECEIVED' });
    expect(late.statusCode).toBe(409);
    expect((await rowOf(orderNo))?.status).toBe('PAID');
  });
});
