import { PayeeListResponseSchema, WithdrawalPaths } from '@fortuna/contracts/withdrawal';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { members } from '../identity/identity.schema.ts';
import { payeeAccounts } from '../wallet/wallet.schema.ts';
import { addPayee, PAYEE_NAME, seedWithdrawalWorld, withdrawingMember } from './withdrawal.test-helpers.ts';

describeEachDatabase('payee accounts', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    await seedWithdrawalWorld(database().db);
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  const payeesOf = async (memberId: bigint) =>
    database().db.select().from(payeeAccounts).where(eq(payeeAccounts.memberId, memberId));
  const issuesOf = (answer: { json(): { value: { issues: { field: string }[] } } }) =>
    answer.json().value.issues.map((issue) => issue.field);

  it('when the first account is added, then it sets the payee name and the list shows it masked', async () => {
    const { member, headers } = await withdrawingMember(database().db);
    const added = await addPayee(app, headers, { accountName: '  juan   dela cruz ', institution: 'bdo' });
    expect(added.statusCode).toBe(201);
    expect(added.json().value).toMatchObject({
      kind: 'BANK',
      institution: 'BDO',
      accountName: 'juan dela cruz',
      accountNumberMasked: '••••7890',
    });
    const [row] = await database().db.select().from(members).where(eq(members.id, member.id));
    expect(row?.payeeName).toBe('juan dela cruz');

    const list = await app.inject({ method: 'GET', url: WithdrawalPaths.payees, headers });
    const value = PayeeListResponseSchema.parse(list.json()).value;
    expect(value?.payeeName).toBe('juan dela cruz');
    expect(value?.payees).toHaveLength(1);
    expect(JSON.stringify(list.json())).not.toContain('001234567890');
  });

  it('when a later account carries another name, then 400 naming body.accountName and nothing written', async () => {
    const { member, headers } = await withdrawingMember(database().db);
    expect((await addPayee(app, headers)).statusCode).toBe(201);
    const other = await addPayee(app, headers, { accountName: 'Maria Santos', accountNumber: '99887766' });
    expect(other.statusCode).toBe(400);
    expect(issuesOf(other)).toEqual(['body.accountName']);
    const same = await addPayee(app, headers, {
      accountName: PAYEE_NAME.toUpperCase(),
      kind: 'EWALLET',
      institution: 'GCASH',
      accountNumber: '09171234567',
    });
    expect(same.statusCode).toBe(201);
    expect(await payeesOf(member.id)).toHaveLength(2);
  });

  it('when the name or number has a bad format, then 400 naming the field and nothing written', async () => {
    const { member, headers } = await withdrawingMember(database().db);
    const cases: [Record<string, unknown>, string][] = [
      [{ accountName: 'J' }, 'body.accountName'],
      [{ accountName: 'Juan 3rd' }, 'body.accountName'],
      [{ accountName: 'x'.repeat(61) }, 'body.accountName'],
      [{ accountNumber: '1234567' }, 'body.accountNumber'],
      [{ accountNumber: '123456789012345678901' }, 'body.accountNumber'],
      [{ accountNumber: '12345678a' }, 'body.accountNumber'],
      [{ kind: 'EWALLET', accountNumber: '123456789' }, 'body.accountNumber'],
      [{ kind: 'EWALLET', accountNumber: '12345678901234' }, 'body.accountNumber'],
      [{ kind: 'CASH' }, 'body.kind'],
      [{ institution: '' }, 'body.institution'],
    ];
    for (const [fields, field] of cases) {
      const answer = await addPayee(app, headers, fields);
      expect(answer.statusCode, JSON.stringify(fields)).toBe(400);
      expect(issuesOf(answer)).toContain(field);
    }
    expect(await payeesOf(member.id)).toHaveLength(0);
    const [row] = await database().db.select().from(members).where(eq(members.id, member.id));
    expect(row?.payeeName).toBeNull();
  });

  it('when a sixth account or the same account again is added, then 409 and nothing written', async () => {
    const { member, headers } = await withdrawingMember(database().db);
    for (let i = 0; i < 5; i += 1) {
      expect((await addPayee(app, headers, { accountNumber: `1000000${i}` })).statusCode).toBe(201);
    }
    const sixth = await addPayee(app, headers, { accountNumber: '20000000' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ code: 'PAYEE_LIMIT_REACHED' });

    const fresh = await withdrawingMember(database().db);
    expect((await addPayee(app, fresh.headers)).statusCode).toBe(201);
    const again = await addPayee(app, fresh.headers);
    expect(again.statusCode).toBe(409);
    expect(issuesOf(again)).toEqual(['body.accountNumber']);
    expect(await payeesOf(member.id)).toHaveLength(5);
    expect(await payeesOf(fresh.member.id)).toHaveLength(1);
  });

  it("when a member removes their own account it goes; another member's is 404 and stays", async () => {
    const alice = await withdrawingMember(database().db);
    const bob = await withdrawingMember(database().db);
    const id = (await addPayee(app, alice.headers)).json().value.id as string;
    const url = WithdrawalPaths.payee.replace(':id', id);
    const foreign = await app.inject({ method: 'DELETE', url, headers: bob.headers });
    expect(foreign.statusCode).toBe(404);
    expect((await payeesOf(alice.member.id))[0]?.removedAt).toBeNull();
    const own = await app.inject({ method: 'DELETE', url, headers: alice.headers });
    expect(own.statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url, headers: alice.headers })).statusCode).toBe(404);
    const list = await app.inject({ method: 'GET', url: WithdrawalPaths.payees, headers: alice.headers });
    expect(list.json().value.payees).toHaveLength(0);
    // A removed account frees its place: the same one can be added again.
    expect((await addPayee(app, alice.headers)).statusCode).toBe(201);
  });

  it('when nobody is logged in, then the payee calls answer 401', async () => {
    expect((await app.inject({ method: 'GET', url: WithdrawalPaths.payees })).statusCode).toBe(401);
    expect((await addPayee(app, {})).statusCode).toBe(401);
  });
});
