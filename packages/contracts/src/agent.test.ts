import { describe, expect, it } from 'vitest';
import {
  AGENT_REPORT_MAX_DAYS,
  agentPeriodOf,
  creatableDownlineTypes,
  DownlineCreateRequestSchema,
  TeamOverviewQuerySchema,
} from './agent.ts';
import { MoveMemberRequestSchema } from './agent-ops.ts';
import { TeamBetsQuerySchema } from './agent-reports.ts';

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('agent periods', () => {
  it('when from and to are dates or date-times in order within the maximum, then the query is accepted', () => {
    expect(TeamOverviewQuerySchema.safeParse({ from: '2026-01-01', to: '2026-04-02' }).success).toBe(true);
    expect(
      TeamOverviewQuerySchema.safeParse({
        from: '2026-01-01T00:00:00+08:00',
        to: '2026-01-01T23:59:59+08:00',
      }).success,
    ).toBe(true);
  });

  it('when to is before from, then it is refused under to', () => {
    expect(issuesOf(TeamOverviewQuerySchema.safeParse({ from: '2026-02-02', to: '2026-02-01' }))).toEqual([
      'to: must not be before from',
    ]);
  });

  it('when the period is one day over the maximum, then it is refused under to with the maximum', () => {
    // 2026-01-01 to 2026-04-02 is 92 days both inclusive; a day more is 93.
    expect(issuesOf(TeamOverviewQuerySchema.safeParse({ from: '2026-01-01', to: '2026-04-03' }))).toEqual([
      `to: must be at most ${AGENT_REPORT_MAX_DAYS} days after from`,
    ]);
    expect(
      issuesOf(TeamBetsQuerySchema.safeParse({ from: '2026-01-01', to: '2026-02-01', language: 'EN' })),
    ).toEqual(['to: must be at most 31 days after from']);
  });

  it('when a date is malformed or missing, then the field is named', () => {
    expect(issuesOf(TeamOverviewQuerySchema.safeParse({ from: '2026-13-01', to: '2026-01-02' }))[0]).toMatch(
      /^from: /,
    );
    expect(issuesOf(TeamOverviewQuerySchema.safeParse({ from: '2026-01-01' }))[0]).toMatch(/^to: /);
  });

  it('when a bare date is read at the site offset, then it is that day on the site clock; a date-time stays as sent', () => {
    const period = agentPeriodOf({ from: '2026-11-01', to: '2026-11-01' }, 8 * 60);
    expect(period.from.toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(period.to.toISOString()).toBe('2026-11-01T15:59:59.999Z');
    const exact = agentPeriodOf({ from: '2026-11-01T10:00:00+08:00', to: '2026-11-01T12:00:00Z' }, 8 * 60);
    expect(exact.from.toISOString()).toBe('2026-11-01T02:00:00.000Z');
    expect(exact.to.toISOString()).toBe('2026-11-01T12:00:00.000Z');
  });
});

describe('downline types', () => {
  it('when an agent creates a downline, then a member is always allowed and agent types only as its own type allows', () => {
    expect(creatableDownlineTypes(1)).toEqual([0, 1, 2]);
    expect(creatableDownlineTypes(2)).toEqual([0, 2]);
    expect(creatableDownlineTypes(42)).not.toContain(41);
    expect(creatableDownlineTypes(0)).toEqual([]);
  });

  it('when the type is left out, then it is a member; a type that is no member type is refused by name', () => {
    const base = { username: 'player01', password: 'Secret123', confirmPassword: 'Secret123' };
    expect(DownlineCreateRequestSchema.parse(base).type).toBe(0);
    expect(issuesOf(DownlineCreateRequestSchema.safeParse({ ...base, type: 4 }))[0]).toMatch(/^type: /);
    expect(issuesOf(DownlineCreateRequestSchema.safeParse({ ...base, type: '1' }))[0]).toMatch(/^type: /);
  });
});

describe('operator calls', () => {
  it('when a move has no reason, then it is refused: the audit trail says why', () => {
    expect(issuesOf(MoveMemberRequestSchema.safeParse({ uplineUsername: 'agent01', reason: '' }))[0]).toMatch(
      /^reason: /,
    );
  });
});
