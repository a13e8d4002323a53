import { and, asc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { agentContractEvents, agentContracts, agentContractTiers } from './contracts.schema.ts';
import type { TierTerms } from './tiers.ts';

export type ContractRow = typeof agentContracts.$inferSelect;
export type ContractEventRow = typeof agentContractEvents.$inferSelect;

/**
 * Serialises every change of one member's contracts of one type (offer, answer, end): the checks
 * "no other offer", "what is active" and the write that follows see one state. Keyed by member and
 * type in the advisory lock space; pg_advisory_xact_lock ends with the transaction.
 */
export async function lockMemberContracts(tx: Executor, memberId: bigint, type: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`agent-contract:${memberId}:${type}`}, 0))`,
  );
}

export async function insertContract(
  tx: Executor,
  row: Pick<ContractRow, 'type' | 'memberId' | 'uplineId' | 'payer' | 'period' | 'status' | 'offeredBy'>,
): Promise<ContractRow> {
  const [inserted] = await tx.insert(agentContracts).values(row).returning();
  return inserted as ContractRow;
}

export async function insertTiers(tx: Executor, contractId: bigint, tiers: TierTerms[]): Promise<void> {
  await tx.insert(agentContractTiers).values(tiers.map((tier) => ({ contractId, ...tier })));
}

export async function insertEvent(
  tx: Executor,
  event: { contractId: bigint; action: string; actor: string; details?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(agentContractEvents).values({ ...event, details: event.details ?? {} });
}

export async function updateContract(
  tx: Executor,
  id: bigint,
  patch: Partial<
    Pick<ContractRow, 'status' | 'startsAt' | 'endsAt' | 'endReason' | 'terminationRequestedAt'>
  >,
): Promise<ContractRow> {
  const [updated] = await tx
    .update(agentContracts)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(agentContracts.id, id))
    .returning();
  return updated as ContractRow;
}

export async function findContract(db: Executor, id: bigint): Promise<ContractRow | undefined> {
  const [row] = await db.select().from(agentContracts).where(eq(agentContracts.id, id));
  return row;
}

/** ACTIVE contracts not yet ended at `asOf`: the running one and one accepted to replace it. */
const openAt = (asOf: Date): SQL =>
  and(
    eq(agentContracts.status, 'ACTIVE'),
    or(isNull(agentContracts.endsAt), gt(agentContracts.endsAt, asOf)),
  ) as SQL;

/** The member's contracts of a type that count at `asOf` or later, oldest first. */
export function findOpenContracts(
  db: Executor,
  memberId: bigint,
  type: string,
  asOf: Date,
): Promise<ContractRow[]> {
  return db
    .select()
    .from(agentContracts)
    .where(and(eq(agentContracts.memberId, memberId), eq(agentContracts.type, type), openAt(asOf)))
    .orderBy(asc(agentContracts.id));
}

export async function findAwaitingOffer(
  db: Executor,
  memberId: bigint,
  type: string,
): Promise<ContractRow | undefined> {
  const [row] = await db
    .select()
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.memberId, memberId),
        eq(agentContracts.type, type),
        eq(agentContracts.status, 'AWAITING'),
      ),
    );
  return row;
}

/**
 * The contracts an upline gave of a type that still count at `asOf` or later, or still wait for an
 * answer: the ones the ratio rule may have to end when the upline's own contract changes.
 */
export function findGivenContracts(
  db: Executor,
  uplineIds: bigint[],
  type: string,
  asOf: Date,
): Promise<ContractRow[]> {
  if (uplineIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(agentContracts)
    .where(
      and(
        inArray(agentContracts.uplineId, uplineIds),
        eq(agentContracts.type, type),
        or(openAt(asOf), eq(agentContracts.status, 'AWAITING')),
      ),
    )
    .orderBy(asc(agentContracts.id));
}

/** The tiers of each contract, lowest first. */
export async function findTiers(db: Executor, contractIds: bigint[]): Promise<Map<bigint, TierTerms[]>> {
  const byContract = new Map<bigint, TierTerms[]>();
  if (contractIds.length === 0) return byContract;
  const rows = await db
    .select()
    .from(agentContractTiers)
    .where(inArray(agentContractTiers.contractId, contractIds))
    .orderBy(asc(agentContractTiers.contractId), asc(agentContractTiers.position));
  for (const { contractId, ...tier } of rows) {
    const list = byContract.get(contractId) ?? [];
    list.push(tier);
    byContract.set(contractId, list);
  }
  return byContract;
}

export function findEvents(db: Executor, contractId: bigint): Promise<ContractEventRow[]> {
  return db
    .select()
    .from(agentContractEvents)
    .where(eq(agentContractEvents.contractId, contractId))
    .orderBy(asc(agentContractEvents.id));
}
