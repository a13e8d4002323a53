import { z } from 'zod';
import { AgentTeamCalls, PageInfoShape, pageShape } from './agent.ts';
import { AgentReportCalls } from './agent-reports.ts';
import { defineCall } from './call.ts';
import { envelopeOf } from './envelope.ts';
import { bigintId, text } from './input-guard.ts';
import { MinorUnitsSchema } from './wallet.ts';

/**
 * Operators' view of the agent centre (issue 15): any agent's line and reports, as the agent
 * itself sees them (same queries, same answers: the AgentPaths schemas), and moving a member
 * to another upline. Reads: ADMIN, FINANCE and SUPPORT; the move: ADMIN only, audited.
 */
export const AgentOpsPaths = {
  /** Agents by username, to find the one to look at. */
  agents: '/ops/agents',
  teamOverview: '/ops/agents/:agentId/team/overview',
  downlines: '/ops/agents/:agentId/downlines',
  downline: '/ops/agents/:agentId/downlines/:id',
  betsReport: '/ops/agents/:agentId/reports/bets',
  profitLossReport: '/ops/agents/:agentId/reports/profit-loss',
  incomeReport: '/ops/agents/:agentId/reports/income',
  transactionsReport: '/ops/agents/:agentId/reports/transactions',
  /** POST: the member (and its whole line, if an agent) moves under another upline. */
  moveMember: '/ops/members/:id/upline',
} as const;

export const AgentOpsParamsSchema = z.object({ agentId: bigintId('must be a numeric member id') });
export const AgentOpsDownlineParamsSchema = AgentOpsParamsSchema.extend({
  id: bigintId('must be a numeric member id'),
});

export const OpsAgentListQuerySchema = z.object({
  /** The start of a username (case-insensitive). */
  username: text().trim().max(16).optional(),
  ...pageShape,
});
export type OpsAgentListQuery = z.input<typeof OpsAgentListQuerySchema>;

export const OpsAgentSchema = z.object({
  id: bigintId(),
  username: text(),
  nickname: text(),
  type: z.number().int(),
  status: text(),
  /** Its own upline, null at the top of a tree. */
  uplineUsername: text().nullable(),
  directCount: z.number().int(),
  teamCount: z.number().int(),
  balanceMinor: MinorUnitsSchema,
  registeredAt: text(),
});
export type OpsAgent = z.infer<typeof OpsAgentSchema>;
export const OpsAgentListSchema = z.object({ items: z.array(OpsAgentSchema), ...PageInfoShape });
export const OpsAgentListResponseSchema = envelopeOf(OpsAgentListSchema);

export const MoveMemberParamsSchema = z.object({ id: bigintId('must be a numeric member id') });
export const MoveMemberRequestSchema = z.object({
  /** The new upline: an active agent, not the member itself nor anyone in the member's own line. */
  uplineUsername: text().trim().min(1).max(64),
  /** Why, for the audit trail. */
  reason: text().trim().min(3).max(500),
});
export type MoveMemberRequest = z.input<typeof MoveMemberRequestSchema>;

export const MoveMemberSchema = z.object({
  id: bigintId(),
  username: text(),
  previousUplineUsername: text().nullable(),
  uplineUsername: text(),
  /** Members that moved: the member and, for an agent, its whole line. */
  movedCount: z.number().int(),
});
export type MoveMember = z.infer<typeof MoveMemberSchema>;
export const MoveMemberResponseSchema = envelopeOf(MoveMemberSchema);

/** The operators' agent calls, declared once (ADR 028): each read is the agent's own call at an operator path. */
export const AgentOpsCalls = {
  agents: defineCall({
    method: 'GET',
    path: AgentOpsPaths.agents,
    query: OpsAgentListQuerySchema,
    response: OpsAgentListResponseSchema,
  }),
  teamOverview: defineCall({
    ...AgentTeamCalls.overview,
    path: AgentOpsPaths.teamOverview,
    params: AgentOpsParamsSchema,
  }),
  downlines: defineCall({
    ...AgentTeamCalls.downlines,
    path: AgentOpsPaths.downlines,
    params: AgentOpsParamsSchema,
  }),
  downline: defineCall({
    ...AgentTeamCalls.downline,
    path: AgentOpsPaths.downline,
    params: AgentOpsDownlineParamsSchema,
  }),
  betsReport: defineCall({
    ...AgentReportCalls.bets,
    path: AgentOpsPaths.betsReport,
    params: AgentOpsParamsSchema,
  }),
  profitLossReport: defineCall({
    ...AgentReportCalls.profitLoss,
    path: AgentOpsPaths.profitLossReport,
    params: AgentOpsParamsSchema,
  }),
  incomeReport: defineCall({
    ...AgentReportCalls.income,
    path: AgentOpsPaths.incomeReport,
    params: AgentOpsParamsSchema,
  }),
  transactionsReport: defineCall({
    ...AgentReportCalls.transactions,
    path: AgentOpsPaths.transactionsReport,
    params: AgentOpsParamsSchema,
  }),
  moveMember: defineCall({
    method: 'POST',
    path: AgentOpsPaths.moveMember,
    params: MoveMemberParamsSchema,
    body: MoveMemberRequestSchema,
    response: MoveMemberResponseSchema,
  }),
};
