import { randomUUID } from 'node:crypto';
import { MemberPaths } from '@fortuna/contracts/member';
import { MessageOpsPaths, MessagePaths } from '@fortuna/contracts/messages';
import { WithdrawalPaths } from '@fortuna/contracts/withdrawal';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { operatorHeaders } from '../modules/messages/messages.test-helpers.ts';
import { buildTestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { loggedInMember, TEST_PAYMENT_PASSWORD } from '../test/wallet-fixtures.ts';

const PAST_BIGINT = '9223372036854775808';

/**
 * The three causes of issue 13's 500s, each now a 400 naming the field (the bad-input sweep
 * proves it for every operation; these name the ones the issue found).
 */
describeEachDatabase('the string and id guard at the routes', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  const refusal = (answer: {
    statusCode: number;
    json: () => { code: string; value: { issues: { field: string }[] } };
  }) => [answer.statusCode, answer.json().code, answer.json().value.issues.map((issue) => issue.field)];

  it('when a visitor sends a NUL in the affiliate code, then it is a 400 naming query.code', async () => {
    const answer = await app.inject({ method: 'GET', url: `${MemberPaths.affiliate}?code=a%00b` });
    expect(refusal(answer)).toEqual([400, 'VALIDATION_FAILED', ['query.code']]);
  });

  it('when a member names a message, payee or withdrawal payee past 2^63-1, then it is a 400 naming the id', async () => {
    const { headers } = await loggedInMember(database().db);
    const message = await app.inject({
      method: 'GET',
      url: MessagePaths.message.replace(':id', PAST_BIGINT),
      headers,
    });
    expect(refusal(message)).toEqual([400, 'VALIDATION_FAILED', ['params.id']]);
    const payee = await app.inject({
      method: 'DELETE',
      url: WithdrawalPaths.payee.replace(':id', PAST_BIGINT),
      headers,
    });
    expect(refusal(payee)).toEqual([400, 'VALIDATION_FAILED', ['params.id']]);
    const withdrawal = await app.inject({
      method: 'POST',
      url: WithdrawalPaths.withdrawals,
      headers,
      payload: {
        amountMinor: '50000',
        paymentPassword: TEST_PAYMENT_PASSWORD,
        requestId: randomUUID(),
        payeeAccountId: PAST_BIGINT,
      },
    });
    expect(refusal(withdrawal)).toEqual([400, 'VALIDATION_FAILED', ['body.payeeAccountId']]);
  });

  it('when an operator titles a message with a lone surrogate, then it is a 400 naming body.title', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: MessageOpsPaths.messages,
      headers: {
        ...(await operatorHeaders(app, database().db, 'SUPPORT')),
        'content-type': 'application/json',
      },
      payload: `{"audience":"ALL","title":"\\ud800","body":"Hello"}`,
    });
    expect(refusal(answer)).toEqual([400, 'VALIDATION_FAILED', ['body.title']]);
  });
});
