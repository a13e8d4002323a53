import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import faviconSource from '../../../public/favicon.svg?raw';
import { BrandLogo, BrandMark } from './brand-logo.tsx';

/** The geometry of a drawing: every shape's outline, without ids or paint. */
function shapesOf(svg: Element): string[] {
  return [...svg.querySelectorAll('path, circle, rect')].map((shape) =>
    ['d', 'cx', 'cy', 'r', 'x', 'y', 'width', 'height', 'rx', 'transform', 'stroke-dasharray']
      .map((name) => shape.getAttribute(name) ?? '')
      .join('|'),
  );
}

describe('brand', () => {
  it('when the browser shows the favicon, then it is the same emblem as BrandMark', () => {
    const favicon = new DOMParser().parseFromString(faviconSource, 'image/svg+xml');
    const { container } = render(<BrandMark />);
    const mark = container.querySelector('svg');
    expect(mark).not.toBeNull();
    expect(shapesOf(favicon.documentElement)).toEqual(shapesOf(mark as Element));
  });

  it('when the logo is shown, then it is one image named Fortuna, sized by its height', () => {
    const { getByRole } = render(<BrandLogo height={40} />);
    const logo = getByRole('img', { name: 'Fortuna' });
    expect(logo.getAttribute('height')).toBe('40');
    expect(Number(logo.getAttribute('width'))).toBeGreaterThan(120);
  });
});
