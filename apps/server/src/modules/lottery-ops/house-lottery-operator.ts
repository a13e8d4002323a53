import {
  type DrawLiability,
  DrawLiabilitySchema,
  type DrawVoid,
  DrawVoidSchema,
  type LotteryCalendar,
  LotteryCalendarSchema,
} from '@fortuna/contracts/ops-lottery';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';

/** What the operators' lottery calls ask of the lottery that runs the draws (ADR 069). */
export interface LotteryOperatorSource {
  calendar(query: { from?: string; to?: string; game?: string }): Promise<LotteryCalendar>;
  /** Undefined: the lottery has no such draw. */
  liability(drawCode: string): Promise<DrawLiability | undefined>;
  /** Voids a draw not drawn yet (ADR 076); undefined: the lottery has no such draw. */
  voidDraw(drawCode: string, request: { operator: string; reason: string }): Promise<DrawVoid | undefined>;
}

/**
 * The house lottery's operator calls over HTTP at HOUSE_GAMES_URL, with its operator token
 * (LOTTERY_OPERATOR_SECRET there, HOUSE_LOTTERY_OPERATOR_SECRET here) as the bearer. The platform
 * has checked the operator and the input first; a field the lottery still refuses is passed on
 * by name, and anything else that is not a well-formed answer in time is unavailable, never a guess.
 */
export function createHouseLotteryOperator(deps: {
  baseUrl: string;
  secret: string;
  timeoutMs?: number;
}): LotteryOperatorSource {
  const base = deps.baseUrl.replace(/\/$/, '');
  /** A GET, or a POST of `body` as JSON. */
  async function ask<T>(path: string, schema: z.ZodType<T>, body?: object): Promise<T | undefined> {
    let answer: Response;
    try {
      answer = await fetch(`${base}${path}`, {
        headers: {
          authorization: `Bearer ${deps.secret}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { method: 'POST', body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(deps.timeoutMs ?? 5_000),
      });
    } catch (error) {
      throw new AppError('LOTTERY_OPERATOR_UNAVAILABLE', {
        message: `The lottery cannot be reached: ${(error as Error).message}`,
      });
    }
    const answered = (await answer.json().catch(() => undefined)) as
      | { value?: unknown; field?: unknown; message?: unknown; code?: unknown }
      | undefined;
    if (answer.status === 404 && answered?.field === 'params.drawCode') return undefined;
    if (
      answer.status === 400 &&
      typeof answered?.field === 'string' &&
      typeof answered.message === 'string'
    ) {
      const field = answered.field;
      throw AppError.invalidField(field, answered.message.replace(`${field}: `, ''));
    }
    if (answer.status === 409 && answered?.code === 'DRAW_DRAWN')
      throw new AppError('LOTTERY_DRAW_DRAWN', {
        ...(typeof answered.message === 'string' ? { message: answered.message } : {}),
      });
    const parsed = answer.ok ? schema.safeParse(answered?.value) : undefined;
    if (!parsed?.success)
      throw new AppError('LOTTERY_OPERATOR_UNAVAILABLE', {
        message: `The lottery's operator call answered HTTP ${answer.status} without a well-formed answer`,
      });
    return parsed.data;
  }
  return {
    async calendar(query) {
      const params = new URLSearchParams(
        Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      const calendar = await ask(`/lottery/operator/draws?${params}`, LotteryCalendarSchema);
      if (!calendar) throw new AppError('LOTTERY_OPERATOR_UNAVAILABLE');
      return calendar;
    },
    liability: (drawCode) =>
      ask(`/lottery/operator/draws/${encodeURIComponent(drawCode)}/liability`, DrawLiabilitySchema),
    voidDraw: (drawCode, request) =>
      ask(`/lottery/operator/draws/${encodeURIComponent(drawCode)}/void`, DrawVoidSchema, request),
  };
}
