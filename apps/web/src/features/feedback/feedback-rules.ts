import { FEEDBACK_CONTENT } from '@fortuna/contracts/feedback';

export interface FeedbackValues {
  type: string;
  content: string;
  contactInfo: string;
  captcha: string;
}

/** Spec 5: question type, description and captcha are required; the fields left empty, in form order. */
export function emptyFeedbackFields(values: FeedbackValues): ('type' | 'content' | 'captcha')[] {
  return (['type', 'content', 'captcha'] as const).filter((field) => values[field].trim() === '');
}

/** The description as it is counted and sent: trimmed (spec 5). */
export function feedbackLength(content: string): number {
  return content.trim().length;
}

/** True when the trimmed description is too short to send (20 characters, spec 9). */
export function isTooShort(content: string): boolean {
  const length = feedbackLength(content);
  return length > 0 && length < FEEDBACK_CONTENT.min;
}
