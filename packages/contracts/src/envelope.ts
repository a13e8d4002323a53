import { z } from 'zod';
import { text } from './input-guard.ts';

/**
 * Every answer of the API is this envelope. `code` is 'OK' on success and a stable
 * catalogue code (see errors.ts) on failure; HTTP status still tells the truth.
 */
export function envelopeOf<T extends z.ZodType>(value: T) {
  return z.object({
    success: z.boolean(),
    value: value.nullable(),
    message: text(),
    code: text(),
  });
}

export const FieldIssueSchema = z.object({
  field: text().describe('dotted path of the offending input, e.g. "query.lang"'),
  message: text(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/**
 * The value of a failed answer: which fields were wrong, when the failure is about input, and
 * whatever more a call tells on failure (login's `captcha` flag, spec 3), hence loose.
 */
export const FailureValueSchema = z.looseObject({ issues: z.array(FieldIssueSchema) });

export const FailureEnvelopeSchema = envelopeOf(FailureValueSchema);
export type FailureEnvelope = z.infer<typeof FailureEnvelopeSchema>;

export type Envelope<T> = { success: boolean; value: T | null; message: string; code: string };

export const SUCCESS_CODE = 'OK';
