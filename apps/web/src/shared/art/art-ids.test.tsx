import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { AgeBadge } from './age-badge.tsx';
import { BrandLogo, BrandMark } from './brand-logo.tsx';
import { CategoryIcon } from './category-icon.tsx';
import { HeroArt } from './hero-art.tsx';
import {
  EmptyStateIllustration,
  MaintenanceIllustration,
  NotFoundIllustration,
  RestrictedIllustration,
} from './illustrations.tsx';
import { VendorLogo } from './vendor-logo.tsx';

const withGradients: Array<[string, () => ReactElement]> = [
  ['BrandLogo', () => <BrandLogo />],
  ['BrandMark', () => <BrandMark />],
  ['VendorLogo', () => <VendorLogo code="PG" />],
  ['CategoryIcon', () => <CategoryIcon name="LIVE" />],
  ['AgeBadge', () => <AgeBadge />],
  ['HeroArt', () => <HeroArt />],
  ['MaintenanceIllustration', () => <MaintenanceIllustration />],
  ['RestrictedIllustration', () => <RestrictedIllustration />],
  ['EmptyStateIllustration', () => <EmptyStateIllustration />],
  ['NotFoundIllustration', () => <NotFoundIllustration />],
];

/** Every `url(#…)` an element paints with, from its attributes and its inline style. */
function paintReferences(svg: Element): string[] {
  return [...svg.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes].flatMap((attribute) =>
      [...attribute.value.matchAll(/url\(#([^)]+)\)/g)].map((match) => match[1] ?? ''),
    ),
  );
}

describe('artwork gradients', () => {
  it.each(withGradients)(
    'when two %s render on one page, then each paints only with gradients of its own',
    (_name, draw) => {
      const { container } = render(
        <>
          {draw()}
          {draw()}
        </>,
      );
      const ids = [...container.querySelectorAll('[id]')].map((element) => element.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(new Set(ids).size).toBe(ids.length);
      for (const svg of container.querySelectorAll(':scope > svg')) {
        const own = new Set([...svg.querySelectorAll('[id]')].map((element) => element.id));
        for (const reference of paintReferences(svg)) expect(own).toContain(reference);
      }
    },
  );
});
