import { z } from 'zod';
import { defineCall } from './call.ts';
import { envelopeOf } from './envelope.ts';
import { bigintId, text, textId } from './input-guard.ts';
import { plainText } from './plain-text.ts';

/** Feedback from the footer's dialog (spec 2.11, 3, 4.8, 5). */
export const FeedbackPaths = {
  /** Spec 7.1: PUT, no token needed; a logged-in member's userName becomes the sender. */
  feedback: '/wps/feedback',
  opsList: '/ops/feedback',
} as const;

/** Spec 3 question types, in the order the dialog lists them: others last. */
export const FEEDBACK_TYPES = [1, 2, 3, 4, 6, 0] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
/** Spec 5 and 9: the trimmed description has 20 to 200 characters. */
export const FEEDBACK_CONTENT = { min: 20, max: 200 } as const;
export const FEEDBACK_CONTACT_MAX = 100;
/** Feedback sends per address and window: enough for a person, too few for a flood. */
export const FEEDBACK_RATE = { perAddress: 5, windowMinutes: 10 } as const;

export const FeedbackRequestSchema = z.object({
  type: z
    .number()
    .int()
    .refine((value) => (FEEDBACK_TYPES as readonly number[]).includes(value), {
      message: `one of ${FEEDBACK_TYPES.join(', ')}`,
    }),
  content: plainText()
    .trim()
    .min(FEEDBACK_CONTENT.min, `at least ${FEEDBACK_CONTENT.min} characters`)
    .max(FEEDBACK_CONTENT.max, `at most ${FEEDBACK_CONTENT.max} characters`),
  contactInfo: plainText().trim().max(FEEDBACK_CONTACT_MAX).optional(),
  /** Sent by the old client; the server takes the sender from the session instead. */
  sender: text().max(64).optional(),
  captchaId: textId(64).optional(),
  captcha: text().trim().max(16).optional(),
});
export type FeedbackRequest = z.input<typeof FeedbackRequestSchema>;
export const FeedbackSentResponseSchema = envelopeOf(z.object({ id: bigintId() }));

export const FeedbackEntrySchema = z.object({
  id: bigintId(),
  type: z.number().int(),
  content: text(),
  sender: text().nullable(),
  contactInfo: text().nullable(),
  ip: text(),
  createdAt: text(),
});
export type FeedbackEntry = z.infer<typeof FeedbackEntrySchema>;
export const FeedbackListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const FeedbackListResponseSchema = envelopeOf(
  z.object({
    items: z.array(FeedbackEntrySchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  }),
);

export const FeedbackCalls = {
  send: defineCall({
    method: 'PUT',
    path: FeedbackPaths.feedback,
    body: FeedbackRequestSchema,
    response: FeedbackSentResponseSchema,
  }),
};
