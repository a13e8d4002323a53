import type {
  ContractDetail,
  ContractList,
  ContractListQuerySchema,
} from '@fortuna/contracts/agent-contract-calls';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { findGivenPage } from './contract-lists.store.ts';
import { contractView, contractViews } from './contract-views.ts';
import * as store from './contracts.store.ts';

type ListQuery = z.output<typeof ContractListQuerySchema>;

/** The contracts one agent (or, with null, the platform) gave: a filtered page, newest first. */
export async function listGiven(
  db: Executor,
  uplineId: bigint | null,
  query: ListQuery,
  now: Date,
): Promise<ContractList> {
  const { rows, total } = await findGivenPage(
    db,
    {
      uplineId,
      memberId: query.memberId === undefined ? undefined : BigInt(query.memberId),
      type: query.type,
      status: query.status,
      now,
    },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  const views = await contractViews(db, rows, now);
  return {
    items: views.map((view, index) => ({ ...view, memberUsername: rows[index]?.memberUsername ?? '' })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** One contract with its trail, for the member who holds it or the agent who gave it; anyone else: not found. */
export async function contractDetail(
  db: Executor,
  callerId: bigint,
  contractId: bigint,
  now: Date,
): Promise<ContractDetail> {
  const row = await store.findContract(db, contractId);
  if (!row || (row.memberId !== callerId && row.uplineId !== callerId))
    throw new AppError('NOT_FOUND', {
      issues: [{ field: 'params.id', message: 'no contract of yours has this id' }],
    });
  const events = await store.findEvents(db, row.id);
  return {
    ...(await contractView(db, row, now)),
    events: events.map((event) => ({
      action: event.action,
      actor: event.actor,
      at: event.at.toISOString(),
      details: event.details,
    })),
  };
}
