import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../i18n/i18n.ts';
import { permissionFixture } from '../../../test/permission-fixture.ts';
import { MaintenanceView } from './maintenance-view.tsx';
import { RestrictedView } from './restricted-view.tsx';

describe('start-up views (spec 2.2)', () => {
  it('when in maintenance, then the page says "Game maintenance" and offers customer service', () => {
    render(
      <MaintenanceView
        permission={permissionFixture({ maintenance: true, maintenanceUntil: '2026-12-01T04:00:00Z' })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Game maintenance' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /contact customer service/i }).getAttribute('href')).toBe(
      'https://chat.example',
    );
    expect(screen.getByText(/Expected back by/)).toBeTruthy();
  });

  it("when restricted, then the page shows the visitor's IP and offers customer service", () => {
    render(<RestrictedView permission={permissionFixture({ regionRestriction: true })} />);
    expect(screen.getByTestId('restricted-ip').textContent).toBe('198.51.100.23');
    expect(screen.getByRole('link', { name: /contact customer service/i })).toBeTruthy();
  });
});
