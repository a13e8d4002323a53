import { describe, expect, it } from 'vitest';
import { safeContentHtml, safeTextHtml } from './safe-html.ts';

const attacks = [
  '<script>alert(1)</script>',
  '<p onclick="steal()">tap</p>',
  '<img src="https://img.example/a.png" onerror="steal()">',
  '<a href="javascript:alert(1)">go</a>',
  '<a href="JaVaScRiPt:alert(1)">go</a>',
  '<a href="data:text/html,<script>alert(1)</script>">go</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<style>body{display:none}</style>',
  '<svg onload="steal()"><circle /></svg>',
  '<p style="background:url(javascript:alert(1))">x</p>',
];

describe('safe HTML', () => {
  for (const clean of [safeTextHtml, safeContentHtml]) {
    describe(clean.name, () => {
      it.each(attacks)('when the HTML holds %s, then no script, handler or unsafe URL survives', (html) => {
        const out = clean(html);
        expect(out).not.toMatch(
          /<script|onclick|onerror|onload|javascript:|data:|<iframe|<style|<svg|style=/i,
        );
      });

      it('when a link is kept, then it opens without handing the page over (rel=noopener)', () => {
        expect(clean('<a href="https://fortuna.example/help" target="_blank">help</a>')).toBe(
          '<a href="https://fortuna.example/help" target="_blank" rel="noopener noreferrer">help</a>',
        );
      });

      it('when the HTML is plain formatting, then it is kept as written', () => {
        const html = '<h3>Title</h3><p><strong>Bold</strong> and <em>soft</em></p><ul><li>one</li></ul>';
        expect(clean(html)).toBe(html);
      });
    });
  }

  it('when help or message text holds an image, then the image is removed', () => {
    expect(safeTextHtml('<p>a<img src="https://img.example/a.png">b</p>')).toBe('<p>ab</p>');
  });

  it('when announcement content holds an https image, then it is kept with its alt text', () => {
    expect(safeContentHtml('<img src="https://img.example/a.png" alt="Cup">')).toBe(
      '<img src="https://img.example/a.png" alt="Cup" />',
    );
  });

  it('when announcement content holds an image over http, data or a relative path, then its source is dropped', () => {
    for (const src of ['http://img.example/a.png', 'data:image/png;base64,AAAA', '//img.example/a.png']) {
      expect(safeContentHtml(`<img src="${src}" alt="x">`)).not.toContain('src=');
    }
  });
});
