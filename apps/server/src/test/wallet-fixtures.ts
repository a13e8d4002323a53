import { memberSessions } from '../modules/identity/identity.schema.ts';
import { hashPassword } from '../modules/identity/password-hashing.ts';
import { newOpaqueToken, tokenHash } from '../modules/identity/secrets.ts';
import type { LedgerService } from '../modules/ledger/ledger.service.ts';
import { move, posting } from '../modules/ledger/ledger.test-helpers.ts';
import type { Database } from '../platform/db/database.ts';
import { bearer, createMember } from './identity-fixtures.ts';

/** The payment password every member from `loggedInMember` has (unless made without one). */
export const TEST_PAYMENT_PASSWORD = '246810';

/**
 * A member with a live session, as a login leaves it, and, unless told otherwise, a payment
 * password: what the deposit, wallet and withdrawal suites start from.
 */
export async function loggedInMember(
  db: Database,
  fields: Parameters<typeof createMember>[1] & { withPaymentPassword?: boolean } = {},
) {
  const { withPaymentPassword = true, ...rest } = fields;
  const member = await createMember(db, {
    ...(withPaymentPassword ? { paymentPasswordHash: await hashPassword(TEST_PAYMENT_PASSWORD) } : {}),
    ...rest,
  });
  const token = newOpaqueToken();
  await db.insert(memberSessions).values({
    tokenHash: tokenHash(token),
    memberId: member.id,
    kind: 'PASSWORD',
    ip: '127.0.0.1',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { member, token, headers: bearer(token) };
}

/** Credits a member's main wallet from the house, as a deposit. */
export async function fund(ledger: LedgerService, memberId: bigint, amountMinor: bigint): Promise<void> {
  const house = await ledger.systemAccount('HOUSE');
  const main = await ledger.mainAccountOf(memberId);
  await ledger.post(
    posting(move(house.id, main.id, amountMinor), { type: 'DEPOSIT', reference: 'test deposit' }),
  );
}
