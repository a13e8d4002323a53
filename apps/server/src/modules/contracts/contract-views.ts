import type { Contract, ContractStatus } from '@fortuna/contracts/agent-contracts';
import type { Executor } from '../../platform/db/database.ts';
import * as store from './contracts.store.ts';
import { tierOut } from './tiers.ts';

/** As shown (spec 4.10): a contract whose end has passed, or that ends before it begins, is EXPIRED. */
export function statusOf(contract: store.ContractRow, now: Date): ContractStatus {
  if (contract.status !== 'ACTIVE') return contract.status as ContractStatus;
  const { startsAt, endsAt } = contract;
  if (endsAt && (endsAt.getTime() <= now.getTime() || (startsAt && endsAt.getTime() <= startsAt.getTime())))
    return contract.endReason === 'INVALIDATED' ? 'INVALID' : 'EXPIRED';
  return 'ACTIVE';
}

/** The contracts as answered, with their tiers (one read for all). */
export async function contractViews(db: Executor, rows: store.ContractRow[], now: Date): Promise<Contract[]> {
  const tiers = await store.findTiers(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id.toString(),
    type: row.type as Contract['type'],
    period: row.period as Contract['period'],
    status: statusOf(row, now),
    payer: row.payer as Contract['payer'],
    memberId: row.memberId.toString(),
    uplineId: row.uplineId?.toString() ?? null,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    endReason: row.endReason as Contract['endReason'],
    terminationRequested: row.terminationRequestedAt !== null,
    offeredAt: row.createdAt.toISOString(),
    tiers: (tiers.get(row.id) ?? []).map(tierOut),
  }));
}

export async function contractView(db: Executor, row: store.ContractRow, now: Date): Promise<Contract> {
  return (await contractViews(db, [row], now))[0] as Contract;
}
