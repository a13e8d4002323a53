import type {
  Downline,
  DownlineDetail,
  DownlineList,
  DownlineListQuerySchema,
} from '@fortuna/contracts/agent';
import { isAgentType } from '@fortuna/contracts/member-types';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { lineCounts } from '../line/line.service.ts';
import * as store from './downlines.store.ts';

type ListQuery = z.output<typeof DownlineListQuerySchema>;

function downlineOf(row: store.DownlineRow): Downline {
  return {
    id: row.id.toString(),
    username: row.username,
    nickname: row.nickname,
    type: row.type,
    isAgent: isAgentType(row.type),
    level: row.level,
    uplineUsername: row.uplineUsername ?? '',
    status: row.status,
    balanceMinor: row.balanceMinor,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    registeredAt: row.registeredAt.toISOString(),
  };
}

/** The agent's line (downlineManagmentView): a filtered page, and one member of it in detail. */
export function createDownlines(deps: { db: Executor }) {
  const { db } = deps;
  return {
    async list(agentId: bigint, query: ListQuery): Promise<DownlineList> {
      const { rows, total } = await store.findDownlines(
        db,
        {
          agentId,
          level: query.level,
          usernamePrefix: query.username?.toLowerCase() || undefined,
          kind: query.type,
          status: query.status,
        },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return { items: rows.map(downlineOf), page: query.page, pageSize: query.pageSize, total };
    },

    /** A member outside the agent's line is not found, exactly as an id nobody has. */
    async detail(agentId: bigint, memberId: bigint): Promise<DownlineDetail> {
      const row = await store.findDownline(db, agentId, memberId);
      if (!row) throw new AppError('NOT_FOUND', { message: 'No downline of yours has this id' });
      const counts = isAgentType(row.type) ? await lineCounts(db, row.id) : { direct: 0, all: 0 };
      return {
        ...downlineOf(row),
        directCount: counts.direct,
        teamCount: counts.all,
        mustChangePassword: row.passwordMustChange,
      };
    },
  };
}
export type Downlines = ReturnType<typeof createDownlines>;
