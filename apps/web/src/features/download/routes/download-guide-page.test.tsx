import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../i18n/i18n.ts';
import { permissionFixture } from '../../../test/permission-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { DownloadGuidePage } from './download-guide-page.tsx';

describe('download guide (spec 2.12)', () => {
  it('when opened, then iOS, Android and the lite app each offer the site’s own download link', () => {
    const permission = permissionFixture();
    renderInLobby(<DownloadGuidePage />, { path: '/download', permission });
    const { ios, android, lite } = permission.info.appDownloads;
    expect(screen.getByTestId('download-ios').getAttribute('href')).toBe(ios);
    expect(screen.getByTestId('download-android').getAttribute('href')).toBe(android);
    expect(screen.getByTestId('download-lite').getAttribute('href')).toBe(lite);
    expect(screen.getByTestId('download-lite').getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getAllByRole('listitem')).toHaveLength(9);
  });
});
