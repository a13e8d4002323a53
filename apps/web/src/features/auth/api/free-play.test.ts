import { describe, expect, it } from 'vitest';
import { operatingSystemOf } from './free-play.ts';

describe('free-play operating system (spec 7.1)', () => {
  it('when the browser names its system, then the free-play call gets that name', () => {
    expect(operatingSystemOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36')).toBe('Android');
    expect(operatingSystemOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)')).toBe('iOS');
    expect(operatingSystemOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('Windows');
    expect(operatingSystemOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4)')).toBe('macOS');
  });

  it('when the user agent says nothing known, then the system is unknown', () => {
    expect(operatingSystemOf('curl/8.5')).toBe('unknown');
  });
});
