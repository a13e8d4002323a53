import { creatableDownlineTypes } from '@fortuna/contracts/agent';
import type { MoveMember, MoveMemberRequest, OpsAgentListQuerySchema } from '@fortuna/contracts/agent-ops';
import { isAgentType } from '@fortuna/contracts/member-types';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { endContractsOfMovedMember } from '../contracts/contract-moves.ts';
import { moveMember, uplinesOf } from '../line/line.service.ts';
import { recordAudit } from '../operators/audit.ts';
import type { OperatorCaller } from '../operators/operator-guards.ts';
import { moveTeamHistory } from '../rollups/rollups.service.ts';
import * as store from './ops-agents.store.ts';

const MOVE_FIELDS = { member: 'params.id', upline: 'body.uplineUsername' };

/**
 * The operators' side of the agent centre (issue 15): find agents, read any agent's line and
 * reports through the agent's own calls (the same answers the agent sees), and move a member with
 * its whole line under another upline, audited in the move's own transaction.
 */
export function createAgentOps(deps: { db: Database; gmtOffset: () => string }) {
  const { db } = deps;
  return {
    async list(query: z.output<typeof OpsAgentListQuerySchema>) {
      const { rows, total } = await store.findAgents(
        db,
        { usernamePrefix: query.username?.toLowerCase() || undefined },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return {
        items: rows.map((row) => ({
          ...row,
          id: row.id.toString(),
          registeredAt: row.registeredAt.toISOString(),
        })),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    /** Reads as the agent `agentId` would; an id that is no agent's is 404 naming the path's agentId. */
    async asAgent<T>(agentId: string, read: (agentId: bigint) => Promise<T>): Promise<T> {
      const agent = await store.findPlacedMember(db, BigInt(agentId));
      if (!agent || !isAgentType(agent.type))
        throw new AppError('NOT_FOUND', { issues: [{ field: 'params.agentId', message: 'no such agent' }] });
      return read(agent.id);
    },

    /**
     * Moves the member (an agent with its whole line) under the agent named: an active agent whose
     * type may have a downline of the member's type, outside the member's own line (line.moveMember
     * checks those it owns). The team rollups' history and the audit entry commit with the move or
     * not at all.
     */
    async move(memberId: bigint, request: MoveMemberRequest, operator: OperatorCaller): Promise<MoveMember> {
      return db.transaction(async (tx) => {
        const member = await store.findPlacedMember(tx, memberId);
        if (!member)
          throw new AppError('NOT_FOUND', {
            issues: [{ field: MOVE_FIELDS.member, message: 'no such member' }],
          });
        const upline = await store.findPlacedMemberByUsername(
          tx,
          request.uplineUsername.trim().toLowerCase(),
        );
        if (!upline)
          throw new AppError('NOT_FOUND', {
            issues: [{ field: MOVE_FIELDS.upline, message: 'no such member' }],
          });
        if (upline.username === member.uplineUsername)
          throw new AppError('CONFLICT', {
            message: 'The member is already under this upline',
            issues: [{ field: MOVE_FIELDS.upline, message: 'is already the member’s upline' }],
          });
        const uplineIds = async () => (await uplinesOf(tx, member.id)).map((entry) => entry.id);
        const fromUplines = await uplineIds();
        const moved = await moveMember(tx, member.id, upline.id, MOVE_FIELDS);
        // After the line's own checks (a trial member, an upline that is no active agent, a cycle),
        // so each refusal names its reason; throwing here rolls the move back with the transaction.
        if (!creatableDownlineTypes(upline.type).includes(member.type))
          throw AppError.invalidField(
            MOVE_FIELDS.upline,
            `an agent of type ${upline.type} cannot have a downline of type ${member.type}`,
          );
        // The branch's team history leaves its old uplines' rollups and joins the new ones' (ADR 035).
        await moveTeamHistory(tx, { rootId: member.id, fromUplines, toUplines: await uplineIds() });
        // Its contracts were made with the old upline (ADR 037).
        await endContractsOfMovedMember(tx, member.id, {
          newUplineId: upline.id,
          actor: operator.actor,
          now: new Date(),
          gmtOffset: deps.gmtOffset(),
        });
        await recordAudit(tx, {
          actor: operator.actor,
          action: 'member.upline.move',
          targetType: 'member',
          targetId: member.id.toString(),
          details: {
            fromUplineId: moved.fromUplineId,
            toUplineId: moved.toUplineId,
            movedCount: moved.branchSize,
            reason: request.reason.trim(),
          },
        });
        return {
          id: member.id.toString(),
          username: member.username,
          previousUplineUsername: member.uplineUsername,
          uplineUsername: upline.username,
          movedCount: moved.branchSize,
        };
      });
    },
  };
}
export type AgentOps = ReturnType<typeof createAgentOps>;
