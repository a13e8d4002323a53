import { describe, expect, it } from 'vitest';
import { plainText, stripMarkup } from './plain-text.ts';

describe('plain text written by people', () => {
  it.each([
    ['Hello <b>world</b> & friends', 'Hello world & friends'],
    ['<script>alert(1)</script>x', 'alert(1)x'],
    ['<img src=x onerror=alert(1)>y', 'y'],
    ['<<b>script>alert(1)<</b>/script>', 'alert(1)'],
    ['<!-- hidden -->shown', 'shown'],
    ['<svg/onload=alert(1)', ''],
    ['</title><a href="javascript:alert(1)">x</a>', 'x'],
  ])('when it holds markup (%s), then the markup is stripped and the text kept', (written, stored) => {
    expect(stripMarkup(written)).toBe(stored);
    expect(stripMarkup(written)).not.toMatch(/<[A-Za-z/!?]/);
  });

  it.each([
    'a < b > c',
    'I <3 this game',
    'Tom & Jerry "quoted" it\'s 5 &lt; 6',
    'deposit of 100 > 50 <= limit',
    'Xin chào, 安全な 😀',
  ])('when it is ordinary text (%s), then it is kept as written', (written) => {
    expect(stripMarkup(written)).toBe(written);
  });

  it('when a bounded plain-text field is parsed, then markup is stripped before trimming and bounds', () => {
    const title = plainText().trim().min(1).max(10);
    expect(title.parse('  <b>Bonus</b>  ')).toBe('Bonus');
    expect(title.safeParse('<b></b>').success).toBe(false);
    expect(title.safeParse('a\u0000b').success).toBe(false);
  });
});
