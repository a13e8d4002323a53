import { describe, expect, it } from 'vitest';
import { applyTheme, currentTheme } from './theme.ts';

describe('themes', () => {
  it('when nothing was chosen, then the theme is dark', () => {
    expect(currentTheme()).toBe('dark');
  });

  it('when light is chosen, then it is applied and remembered; dark removes it again', () => {
    const themeColor = document.createElement('meta');
    themeColor.name = 'theme-color';
    document.head.append(themeColor);
    applyTheme('light');
    expect(themeColor.content).toBe('#f4f5fb');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    applyTheme('dark');
    expect(currentTheme()).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});
