import { FEEDBACK_RATE, type FeedbackEntry, type FeedbackRequestSchema } from '@fortuna/contracts/feedback';
import { count, desc } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database.ts';
import { enforceRateLimit, type RateCounter } from '../../platform/rate-limit.ts';
import { feedback } from './feedback.schema.ts';

export interface FeedbackCaptcha {
  consumeCaptcha(captchaId: string | undefined, answer: string | undefined): Promise<void>;
}

export function createFeedbackService(deps: {
  db: Database;
  counter: RateCounter;
  captcha: FeedbackCaptcha;
}) {
  const { db } = deps;
  return {
    /** Rate limited per address before the captcha is even looked at; the captcha is used up. */
    async send(
      input: z.output<typeof FeedbackRequestSchema>,
      from: { ip: string; member?: { memberId: bigint; username: string } },
    ): Promise<{ id: string }> {
      await enforceRateLimit(
        deps.counter,
        `feedback:ip:${from.ip}`,
        FEEDBACK_RATE.perAddress,
        FEEDBACK_RATE.windowMinutes * 60_000,
      );
      await deps.captcha.consumeCaptcha(input.captchaId, input.captcha);
      const [row] = await db
        .insert(feedback)
        .values({
          type: input.type,
          content: input.content,
          sender: from.member?.username ?? null,
          memberId: from.member?.memberId ?? null,
          contactInfo: input.contactInfo || null,
          ip: from.ip,
        })
        .returning({ id: feedback.id });
      return { id: String(row?.id) };
    },

    async list(query: { page: number; pageSize: number }) {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(feedback)
          .orderBy(desc(feedback.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(feedback),
      ]);
      const items: FeedbackEntry[] = rows.map((row) => ({
        id: row.id.toString(),
        type: row.type,
        content: row.content,
        sender: row.sender,
        contactInfo: row.contactInfo,
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
      }));
      return { items, page: query.page, pageSize: query.pageSize, total: Number(counted?.total ?? 0) };
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
