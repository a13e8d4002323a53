import { DepositPaths } from '@fortuna/contracts/deposit';
import { MemberPaths } from '@fortuna/contracts/member';
import { ReferralOpsPaths } from '@fortuna/contracts/referrals';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import { opsHeaders } from '../../test/app.ts';
import { bearer, registerThroughApi } from '../../test/identity-fixtures.ts';
import { DEVICE_COOKIE } from '../identity/device-cookie.ts';
import { onlyPromotion } from '../promotions/promotions.test-helpers.ts';

let serial = 0;

/** A running referral promotion of the test's own, paying straight cash or under `multiplier`× wagering. */
export async function referralPromotion(db: Database, multiplier = 0, budgetMinor?: bigint) {
  return onlyPromotion(db, {
    trigger: 'REFERRAL',
    perMemberLimit: 1_000,
    budgetMinor,
    terms: {
      reward: { kind: 'FIXED', amountMinor: '5000' },
      wagering: { multiplier, includesDeposit: false, weightsPercent: { RNG: 100 }, maxStakeMinor: null },
    },
  });
}

/** Sets the programme as an ADMIN would: 50.00 per friend whose first deposit is at least 1,000.00 unless told. */
export function setProgramme(app: FastifyInstance, fields: Record<string, unknown>) {
  return app.inject({
    method: 'PUT',
    url: ReferralOpsPaths.programme,
    headers: opsHeaders,
    payload: {
      enabled: true,
      rewardMinor: '5000',
      minFirstDepositMinor: '100000',
      minValidBetsMinor: null,
      reason: 'test programme',
      ...fields,
    },
  });
}

/** A visitor registering by username with a referral code, from an address and a browser (device) of its own unless given. */
export async function registerWith(
  app: FastifyInstance,
  referralCode: string,
  client: { ip?: string; userAgent?: string; deviceId?: string } = {},
): Promise<{ token: string; memberId: bigint; username: string }> {
  serial += 1;
  const headers = {
    'x-forwarded-for': client.ip ?? `203.0.113.${(serial % 250) + 1}`,
    'user-agent': client.userAgent ?? `TestBrowser/${serial}`,
    ...(client.deviceId ? { cookie: `${DEVICE_COOKIE}=${client.deviceId}` } : {}),
  };
  const { answer, username } = await registerThroughApi(app, headers, {
    prefix: 'fr',
    extra: { referralCode },
  });
  if (answer.statusCode !== 200) throw new Error(`registration failed: ${answer.body}`);
  const token = answer.json().value.token as string;
  const info = await app.inject({ method: 'GET', url: MemberPaths.info, headers: bearer(token) });
  return { token, memberId: BigInt(info.json().value.id), username };
}

/** A bank transfer deposit of the member, approved by an operator: credited as in production. */
export async function creditedDeposit(
  app: FastifyInstance,
  token: string,
  amountMinor: string,
): Promise<void> {
  serial += 1;
  const created = await app.inject({
    method: 'POST',
    url: DepositPaths.orders,
    headers: bearer(token),
    payload: {
      channelCode: 'BANK_TRANSFER',
      amountMinor,
      requestId: `ref-${Date.now().toString(36)}-${serial}`,
      payerReference: 'BDO-REF-1',
    },
  });
  if (created.statusCode !== 200) throw new Error(`deposit order refused: ${created.body}`);
  const approved = await app.inject({
    method: 'POST',
    url: DepositPaths.opsApprove.replace(':orderNo', created.json().value.orderNo),
    headers: opsHeaders,
    payload: { note: 'statement checked' },
  });
  if (approved.statusCode !== 200) throw new Error(`deposit approval refused: ${approved.body}`);
}

export async function referralOf(db: Database, refereeId: bigint) {
  const result = (await db.execute(sql`
    select state, reason, grant_id::text as grant_id, reward_minor::text as reward_minor
      from referrals where referee_id = ${refereeId}`)) as unknown as {
    rows: { state: string; reason: string | null; grant_id: string | null; reward_minor: string | null }[];
  };
  return result.rows[0];
}
