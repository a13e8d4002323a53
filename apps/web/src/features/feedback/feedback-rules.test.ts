import { describe, expect, it } from 'vitest';
import { emptyFeedbackFields, feedbackLength, isTooShort } from './feedback-rules.ts';

const filled = { type: '1', content: 'x'.repeat(20), contactInfo: '', captcha: 'ab12' };

describe('feedback rules', () => {
  it('when type, description and captcha are empty or blank, then all three are named in form order', () => {
    expect(emptyFeedbackFields({ type: '', content: '   ', contactInfo: '', captcha: '' })).toEqual([
      'type',
      'content',
      'captcha',
    ]);
  });

  it('when only the contact is empty, then nothing is missing (it is optional)', () => {
    expect(emptyFeedbackFields(filled)).toEqual([]);
  });

  it('when the type is "0" (others), then it counts as chosen', () => {
    expect(emptyFeedbackFields({ ...filled, type: '0' })).toEqual([]);
  });

  it('when the description has spaces around it, then they are not counted and 19 characters is too short', () => {
    expect(feedbackLength(`  ${'x'.repeat(19)}  `)).toBe(19);
    expect(isTooShort(`  ${'x'.repeat(19)}  `)).toBe(true);
    expect(isTooShort('x'.repeat(20))).toBe(false);
    expect(isTooShort('')).toBe(false);
  });
});
