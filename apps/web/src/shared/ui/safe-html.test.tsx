// @vitest-environment jsdom
// happy-dom parses HTML differently from browsers and DOMPurify cannot clean in it; jsdom parses like one.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { purifyHtml, SafeHtml } from './safe-html.tsx';

describe('SafeHtml', () => {
  it.each([
    ['a script', '<p>hi</p><script>window.stolen = 1</script>'],
    ['an event handler', '<p onclick="window.stolen = 1">hi</p>'],
    ['an image error handler', '<img src="https://img.example/a.png" onerror="window.stolen = 1">'],
    ['a javascript: link', '<a href="javascript:window.stolen=1">go</a>'],
    ['a data: link', '<a href="data:text/html,x">go</a>'],
    ['a frame', '<iframe src="https://evil.example"></iframe>'],
    ['a style', '<p style="color:red">hi</p><style>p{}</style>'],
  ])('when the HTML holds %s, then it is removed', (_what, html) => {
    expect(purifyHtml(html)).not.toMatch(/script|onclick|onerror|javascript:|data:|iframe|style/i);
  });

  it('when a link is kept, then it carries rel=noopener', () => {
    const { container } = render(<SafeHtml html='<a href="https://fortuna.example" target="_blank">x</a>' />);
    expect(container.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('when an image is served over http, then its source is dropped; over https it is kept', () => {
    const { container } = render(
      <SafeHtml html='<img alt="a" src="http://img.example/a.png"><img alt="b" src="https://img.example/b.png">' />,
    );
    const [insecure, secure] = container.querySelectorAll('img');
    expect(insecure?.hasAttribute('src')).toBe(false);
    expect(secure?.getAttribute('src')).toBe('https://img.example/b.png');
  });

  it('when the HTML is plain formatting, then it renders as written', () => {
    const { container } = render(<SafeHtml html="<p><strong>Bold</strong> text</p>" />);
    expect(container.innerHTML).toContain('<p><strong>Bold</strong> text</p>');
  });
});
