import { memberSessions, members } from '../../apps/server/src/modules/identity/identity.schema.ts';
import { hashPassword } from '../../apps/server/src/modules/identity/password-hashing.ts';
import { newOpaqueToken, tokenHash } from '../../apps/server/src/modules/identity/secrets.ts';
import type { LedgerService } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import type { Database } from '../../apps/server/src/platform/db/database.ts';

export const BENCH_PAYMENT_PASSWORD = '135790';
const AGENT = 1;

export interface BenchMember {
  id: bigint;
  username: string;
  /** The main wallet's ledger account. */
  accountId: bigint;
  /** `authorization: Bearer …` of a live session. */
  authorization: string;
}

/** An agent and a player directly below it: the player pays UPLINE, the agent pays DOWNLINE. */
export interface BenchPair {
  agent: BenchMember;
  player: BenchMember;
}

/** Credits main wallets from the house through the server's own ledger service, as deposits. */
async function fund(ledger: LedgerService, accountIds: bigint[], amountMinor: bigint, label: string) {
  const house = await ledger.systemAccount('HOUSE');
  for (const accountId of accountIds)
    await ledger.post({
      type: 'DEPOSIT',
      reference: `bench opening ${label}`,
      actor: 'system',
      idempotencyKey: `bench-opening:${label}:${accountId}`,
      entries: [
        { accountId: house.id, amountMinor: -amountMinor },
        { accountId, amountMinor },
      ],
    });
}

/**
 * Members written straight to the database as an operator would create them, each with a main
 * wallet holding `openingMinor`. One argon2id hash (the server's parameters) serves every member:
 * verifying it costs the same as verifying a hash of one's own, and seeding stays fast.
 */
async function createMembers(
  db: Database,
  ledger: LedgerService,
  rows: { username: string; type: number; uplineId?: bigint }[],
  openingMinor: bigint,
  hashes: { password: string; paymentPassword: string | null },
) {
  const inserted = await db
    .insert(members)
    .values(
      rows.map((row) => ({
        ...row,
        nickname: row.username,
        passwordHash: hashes.password,
        paymentPasswordHash: hashes.paymentPassword,
        firstTimeLogin: false,
      })),
    )
    .returning({ id: members.id, username: members.username });
  const accounts: bigint[] = [];
  for (const member of inserted) accounts.push((await ledger.mainAccountOf(member.id)).id);
  await fund(ledger, accounts, openingMinor, rows[0]?.username ?? 'members');
  return inserted.map((member, index) => ({ ...member, accountId: accounts[index] as bigint }));
}

/** `count` agent → player pairs with live sessions and the payment password BENCH_PAYMENT_PASSWORD. */
export async function createTransferPairs(
  db: Database,
  ledger: LedgerService,
  count: number,
  openingMinor: bigint,
): Promise<BenchPair[]> {
  const hashes = {
    password: await hashPassword('Bench-2026-password'),
    paymentPassword: await hashPassword(BENCH_PAYMENT_PASSWORD),
  };
  const name = (role: string, n: number) => `bench${role}${String(n).padStart(4, '0')}`;
  const agents = await createMembers(
    db,
    ledger,
    Array.from({ length: count }, (_, n) => ({ username: name('agent', n), type: AGENT })),
    openingMinor,
    hashes,
  );
  const players = await createMembers(
    db,
    ledger,
    agents.map((agent, n) => ({ username: name('player', n), type: 0, uplineId: agent.id })),
    openingMinor,
    hashes,
  );
  // Sessions as a login leaves them (the login itself is measured by login-latency.ts).
  const withSession = async (member: { id: bigint; username: string; accountId: bigint }) => {
    const token = newOpaqueToken();
    await db.insert(memberSessions).values({
      tokenHash: tokenHash(token),
      memberId: member.id,
      kind: 'PASSWORD',
      ip: '127.0.0.1',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    return { ...member, authorization: `Bearer ${token}` };
  };
  const pairs: BenchPair[] = [];
  for (const [n, agent] of agents.entries()) {
    const player = players[n];
    if (!player) throw new Error('a bench player was not created');
    pairs.push({ agent: await withSession(agent), player: await withSession(player) });
  }
  return pairs;
}

/**
 * Main accounts for pgbench's own transfers (members of their own, never logged in), with
 * consecutive ids so the pgbench script can pick two at random by arithmetic.
 */
export async function createPgbenchAccounts(
  db: Database,
  ledger: LedgerService,
  count: number,
  openingMinor: bigint,
): Promise<{ firstAccountId: bigint; count: number }> {
  const created = await createMembers(
    db,
    ledger,
    Array.from({ length: count }, (_, n) => ({ username: `benchpg${String(n).padStart(4, '0')}`, type: 0 })),
    openingMinor,
    { password: await hashPassword('Bench-2026-password'), paymentPassword: null },
  );
  const ids = created.map((member) => member.accountId).sort((a, b) => (a < b ? -1 : 1));
  const first = ids[0] ?? 0n;
  if (ids.some((id, n) => id !== first + BigInt(n)))
    throw new Error('the pgbench accounts did not get consecutive ids');
  return { firstAccountId: first, count };
}
