import { z } from 'zod';
import { AnnouncementListQuerySchema, AnnouncementListResponseSchema } from './announcements.ts';
import { BetTotalsSchema } from './bet-records.ts';
import { defineCall } from './call.ts';
import { PasswordSchema, UsernameSchema } from './credentials.ts';
import { envelopeOf } from './envelope.ts';
import { bigintId, text } from './input-guard.ts';
import { AGENT_MEMBER_TYPES, PLAYER_MEMBER_TYPE } from './member-types.ts';
import { MinorUnitsSchema, RecordsInstantSchema, recordsRangeOf } from './wallet.ts';

/**
 * The agent centre (issue 15, spec 2.7): every call needs the session of an agent (member types
 * 1, 2, 41, 42). A member who is not an agent gets 403 FORBIDDEN, a visitor 401; a downline id
 * outside the caller's own line is 404 NOT_FOUND, exactly as an id that does not exist.
 * The reports are in agent-reports.ts, the operators' calls in agent-ops.ts.
 */
export const AgentPaths = {
  teamOverview: '/wps/agent/team/overview',
  /** GET lists the caller's line; POST creates a direct downline. */
  downlines: '/wps/agent/downlines',
  downline: '/wps/agent/downlines/:id',
  invitation: '/wps/agent/invitation',
  /** Announcements for agents only (the lobby's list never shows them). */
  announcements: '/wps/agent/announcements',
  betsReport: '/wps/agent/reports/bets',
  profitLossReport: '/wps/agent/reports/profit-loss',
  incomeReport: '/wps/agent/reports/income',
  transactionsReport: '/wps/agent/reports/transactions',
} as const;

/**
 * Which account types an agent may create below itself, by its own type: a member always; an
 * agent of its own type; types 1 and 41 head their families and may also create 2 and 42. The
 * specification names the types without ranking them (spec 4.3), so this one table is the rule
 * (ADR 031) and the register centre offers exactly these.
 */
export const DOWNLINE_TYPES_BY_AGENT_TYPE: Record<(typeof AGENT_MEMBER_TYPES)[number], readonly number[]> = {
  1: [PLAYER_MEMBER_TYPE, 1, 2],
  2: [PLAYER_MEMBER_TYPE, 2],
  41: [PLAYER_MEMBER_TYPE, 41, 42],
  42: [PLAYER_MEMBER_TYPE, 42],
};

/** The types an agent of `agentType` may create; none for a type that is not an agent's. */
export function creatableDownlineTypes(agentType: number): readonly number[] {
  return DOWNLINE_TYPES_BY_AGENT_TYPE[agentType as keyof typeof DOWNLINE_TYPES_BY_AGENT_TYPE] ?? [];
}

// ---------------------------------------------------------------------------------------------
// Periods

/** The longest period a report or the overview covers, `to` minus `from`, both inclusive. */
export const AGENT_REPORT_MAX_DAYS = 92;
/** Team betting lists single rounds: a shorter period keeps its totals a bounded read. */
export const AGENT_BETS_MAX_DAYS = 31;
const DAY_MS = 86_400_000;

/**
 * `from` and `to` as in the account records (an ISO date, or a date-time with offset), both
 * inclusive and both required (`checkAgentPeriod` bounds their order and length).
 * Unlike the account records, a bare date is a day of the site's clock (its GMT offset, as the
 * agent centre's header shows it), not a UTC day: see `agentPeriodOf`.
 */
export const agentPeriodShape = {
  /** Inclusive; a date means from its first moment on the site's clock. */
  from: RecordsInstantSchema,
  /** Inclusive; a date means to its last moment on the site's clock. */
  to: RecordsInstantSchema,
};

/** `.superRefine` of a query with a period: order and length, each named under `to`. */
export function checkAgentPeriod(maxDays: number) {
  return (query: { from: string; to: string }, context: z.RefinementCtx) => {
    // Both ends shift by the same offset, so the UTC reading is enough for order and length.
    const { from, to } = recordsRangeOf(query);
    if (!from || !to) return;
    if (to.getTime() < from.getTime())
      context.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from', input: query.to });
    else if (to.getTime() - from.getTime() + 1 > maxDays * DAY_MS)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `must be at most ${maxDays} days after from`,
        input: query.to,
      });
  };
}

/**
 * The instants a period covers: a bare date is a whole day at the site's GMT offset (minutes east
 * of UTC), a date-time is taken as sent. `to` is inclusive (a bare date reaches its last millisecond).
 */
export function agentPeriodOf(
  query: { from: string; to: string },
  offsetMinutes: number,
): { from: Date; to: Date } {
  const isDate = (value: string) => value.length === 10;
  const shift = offsetMinutes * 60_000;
  const { from, to } = recordsRangeOf(query) as { from: Date; to: Date };
  return {
    from: isDate(query.from) ? new Date(from.getTime() - shift) : from,
    to: isDate(query.to) ? new Date(to.getTime() - shift) : to,
  };
}

/** Shown with every report: the instants counted, as ISO date-times (UTC). */
export const CoveredPeriodSchema = z.object({ from: text(), to: text() });
export type CoveredPeriod = z.infer<typeof CoveredPeriodSchema>;

export const AGENT_MAX_PAGE_SIZE = 50;
export const AGENT_PAGE_SIZE = 20;
export const pageShape = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(AGENT_MAX_PAGE_SIZE).default(AGENT_PAGE_SIZE),
};
export const PageInfoShape = {
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Items matching the filters, over every page. */
  total: z.number().int(),
};

// ---------------------------------------------------------------------------------------------
// Team overview

export const TeamOverviewQuerySchema = z
  .object(agentPeriodShape)
  .superRefine(checkAgentPeriod(AGENT_REPORT_MAX_DAYS));
export type TeamOverviewQuery = z.input<typeof TeamOverviewQuerySchema>;

/** Money that moved in and out of the line's wallets in a period (all members of the line). */
export const TeamMoneySchema = z.object({
  depositMinor: MinorUnitsSchema,
  withdrawalMinor: MinorUnitsSchema,
  bonusMinor: MinorUnitsSchema,
});
export type TeamMoney = z.infer<typeof TeamMoneySchema>;

/**
 * One day of the site's clock in the overview's chart: money and settled rounds of the whole
 * line, counted in the day they settled (a round belongs to the day it settled, ADR 030).
 */
export const TeamDaySchema = z.object({
  /** YYYY-MM-DD on the site's clock. */
  day: text(),
  newMembers: z.number().int(),
  ...TeamMoneySchema.shape,
  bets: BetTotalsSchema,
});
export type TeamDay = z.infer<typeof TeamDaySchema>;

export const TeamOverviewSchema = z.object({
  period: CoveredPeriodSchema,
  /** The caller's direct downlines, and its whole line at every depth (now, not in the period). */
  directCount: z.number().int(),
  teamCount: z.number().int(),
  /** Members of the line registered in the period. */
  newMembers: z.number().int(),
  /** Members of the line with at least one round settled in the period. */
  activeMembers: z.number().int(),
  /** The main wallets of the whole line now. */
  teamBalanceMinor: MinorUnitsSchema,
  ...TeamMoneySchema.shape,
  /** Settled rounds of the whole line; `profitMinor` is the players' payout − stake (negative: they lost). */
  bets: BetTotalsSchema,
  /** Every day of the period, oldest first, days without activity included (zeros). */
  series: z.array(TeamDaySchema),
});
export type TeamOverview = z.infer<typeof TeamOverviewSchema>;
export const TeamOverviewResponseSchema = envelopeOf(TeamOverviewSchema);

// ---------------------------------------------------------------------------------------------
// Downlines

export const DownlineCreateRequestSchema = z.object({
  username: UsernameSchema,
  /** Under the members' password policy; the downline must change it at its first login. */
  password: PasswordSchema,
  confirmPassword: text().max(128),
  /** 0 (a member, the default) or an agent type the caller's own type allows (DOWNLINE_TYPES_BY_AGENT_TYPE). */
  type: z
    .number({ error: 'must be a member type number' })
    .int('must be a member type number')
    .refine(
      (type) => type === PLAYER_MEMBER_TYPE || (AGENT_MEMBER_TYPES as readonly number[]).includes(type),
      {
        message: `must be ${PLAYER_MEMBER_TYPE} (member) or an agent type (${AGENT_MEMBER_TYPES.join(', ')})`,
      },
    )
    .default(PLAYER_MEMBER_TYPE),
});
export type DownlineCreateRequest = z.input<typeof DownlineCreateRequestSchema>;

export const DOWNLINE_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export const DownlineStatusSchema = z.enum(DOWNLINE_STATUSES, {
  error: `must be one of ${DOWNLINE_STATUSES.join(', ')}`,
});
/** MEMBER: players (type 0); AGENT: agents of any agent type. */
export const DownlineKindSchema = z.enum(['MEMBER', 'AGENT'], { error: 'must be MEMBER or AGENT' });
/** The deepest level a filter may name; a line deeper than this is still listed without one. */
export const MAX_LINE_LEVEL = 100;

export const DownlineListQuerySchema = z.object({
  /** The start of a username (case-insensitive). */
  username: text().trim().max(16).optional(),
  /** 1 is the caller's direct downlines, 2 theirs, …; absent means every level. */
  level: z.coerce
    .number({ error: 'must be a level number (1 for direct downlines)' })
    .int('must be a level number (1 for direct downlines)')
    .min(1, 'must be a level number (1 for direct downlines)')
    .max(MAX_LINE_LEVEL, `must be at most ${MAX_LINE_LEVEL}`)
    .optional(),
  type: DownlineKindSchema.optional(),
  status: DownlineStatusSchema.optional(),
  ...pageShape,
});
export type DownlineListQuery = z.input<typeof DownlineListQuerySchema>;

export const DownlineSchema = z.object({
  id: bigintId(),
  username: text(),
  nickname: text(),
  /** The member type (0 member, 1, 2, 41, 42 agents). */
  type: z.number().int(),
  isAgent: z.boolean(),
  /** Levels below the caller: 1 for a direct downline. */
  level: z.number().int(),
  /** The downline's own upline: the caller, or a member of the caller's line. */
  uplineUsername: text(),
  status: text(),
  /** The main wallet now. */
  balanceMinor: MinorUnitsSchema,
  lastLoginAt: text().nullable(),
  registeredAt: text(),
});
export type Downline = z.infer<typeof DownlineSchema>;

export const DownlineListSchema = z.object({ items: z.array(DownlineSchema), ...PageInfoShape });
export type DownlineList = z.infer<typeof DownlineListSchema>;
export const DownlineListResponseSchema = envelopeOf(DownlineListSchema);

export const DownlineParamsSchema = z.object({ id: bigintId('must be a numeric member id') });

export const DownlineDetailSchema = DownlineSchema.extend({
  /** Its own direct downlines and whole line (0 for a member). */
  directCount: z.number().int(),
  teamCount: z.number().int(),
  /** Whether it still has to replace the password its agent gave it. */
  mustChangePassword: z.boolean(),
});
export type DownlineDetail = z.infer<typeof DownlineDetailSchema>;
export const DownlineDetailResponseSchema = envelopeOf(DownlineDetailSchema);

// ---------------------------------------------------------------------------------------------
// Invitation

export const InvitationLinkSchema = z.object({
  /** A host of the site's domain routes, or the site's own address when none are set. */
  domain: text(),
  /** Opens the registration with the code filled in; the page draws it as a QR code. */
  registerUrl: text(),
});
export const InvitationSchema = z.object({
  /** What players type as affiliate code when they register; given on the first call if missing. */
  affiliateCode: text(),
  links: z.array(InvitationLinkSchema),
});
export type Invitation = z.infer<typeof InvitationSchema>;
export const InvitationResponseSchema = envelopeOf(InvitationSchema);

// ---------------------------------------------------------------------------------------------
// Announcements for agents: the lobby's list shape, without the popup flag.

export const AgentAnnouncementQuerySchema = AnnouncementListQuerySchema.pick({
  lang: true,
  type: true,
  pageNo: true,
  pageSize: true,
});
export type AgentAnnouncementQuery = z.input<typeof AgentAnnouncementQuerySchema>;
/** The answer is the lobby's announcement page. */
export const AgentAnnouncementResponseSchema = AnnouncementListResponseSchema;

// ---------------------------------------------------------------------------------------------
// The calls, declared once (ADR 028): the server's routes and the lobby's client both use these.

/** The register centre and announcements. */
export const AgentRegisterCalls = {
  createDownline: defineCall({
    method: 'POST',
    path: AgentPaths.downlines,
    body: DownlineCreateRequestSchema,
    response: DownlineDetailResponseSchema,
    // The body carries the downline's first password.
    sealed: true,
  }),
  invitation: defineCall({ method: 'GET', path: AgentPaths.invitation, response: InvitationResponseSchema }),
  announcements: defineCall({
    method: 'GET',
    path: AgentPaths.announcements,
    query: AgentAnnouncementQuerySchema,
    response: AnnouncementListResponseSchema,
  }),
};

/** The team overview and the downline list and detail. */
export const AgentTeamCalls = {
  overview: defineCall({
    method: 'GET',
    path: AgentPaths.teamOverview,
    query: TeamOverviewQuerySchema,
    response: TeamOverviewResponseSchema,
  }),
  downlines: defineCall({
    method: 'GET',
    path: AgentPaths.downlines,
    query: DownlineListQuerySchema,
    response: DownlineListResponseSchema,
  }),
  downline: defineCall({
    method: 'GET',
    path: AgentPaths.downline,
    params: DownlineParamsSchema,
    response: DownlineDetailResponseSchema,
  }),
};
