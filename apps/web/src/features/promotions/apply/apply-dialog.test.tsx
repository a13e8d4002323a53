import { PromotionApplicationPaths } from '@fortuna/contracts/promotion-applications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { failAnswer, fakeApi, okAnswer } from '../../../test/fake-api.ts';
import { logInAs, memberFixture } from '../../../test/member-fixture.ts';
import { renderInLobby } from '../../../test/render-in-lobby.tsx';
import { ApplyDialog } from './apply-dialog.tsx';

const APPLY = PromotionApplicationPaths.apply.replace(':id', '7');
const applied = {
  id: '1',
  promotionId: '7',
  status: 'PENDING',
  comment: 'table 7',
  imageCount: 1,
  createdAt: '2026-01-01T00:00:00Z',
};
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' });

function openDialog(onClose = vi.fn()) {
  renderInLobby(<ApplyDialog promotion={{ id: '7', title: 'Weekend tournament' }} onClose={onClose} />);
  return screen.findByTestId('apply-dialog');
}

describe('apply dialog (spec 3, 5; ADR 065)', () => {
  beforeEach(() => {
    logInAs(memberFixture());
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
    );
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('EN');
  });

  it('when a comment and a png are sent, then the application goes as multipart and the dialog says it was sent', async () => {
    const api = fakeApi({ [`POST ${APPLY}`]: () => ({ status: 201, ...okAnswer(applied) }) });
    const dialog = await openDialog();
    expect(within(dialog).getByText('Apply: Weekend tournament')).toBeTruthy();
    const input = within(dialog).getByTestId('image-input');
    fireEvent.change(input, {
      target: { files: [new File(['GIF89a'], 'dance.gif', { type: 'image/gif' })] },
    });
    expect(within(dialog).getByTestId('field-error-images').textContent).toBe(
      'dance.gif: Only png or jpg images',
    );
    fireEvent.change(input, { target: { files: [png()] } });
    expect(within(dialog).getAllByRole('img', { name: 'Image 1' })).toHaveLength(1);
    fireEvent.change(within(dialog).getByLabelText(/^Comment/), { target: { value: ' table 7 🎉 ' } });
    expect(within(dialog).getByText('9 / 140 characters')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect((await within(dialog).findByRole('status')).textContent).toContain('Application sent');
    expect(api.callsTo('POST', APPLY)[0]?.body).toEqual({
      comment: 'table 7 🎉',
      images: [{ fileName: 'receipt.png', size: 4 }],
    });
  });

  it('when the comment is 141 characters, then it is refused under the field and nothing is sent', async () => {
    const api = fakeApi({ [`POST ${APPLY}`]: () => okAnswer(applied) });
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText(/^Comment/), { target: { value: 'x'.repeat(141) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect((await within(dialog).findByTestId('field-error-comment')).textContent).toBe(
      'At most 140 characters',
    );
    expect(api.callsTo('POST', APPLY)).toHaveLength(0);
  });

  it('when the server refuses an image by its content, in TY, then the refusal shows under the images in TY', async () => {
    fakeApi({
      [`POST ${APPLY}`]: () =>
        failAnswer(400, 'VALIDATION_FAILED', 'body.images.0: is not a png or jpg image', {
          issues: [{ field: 'body.images.0', message: 'is not a png or jpg image' }],
        }),
    });
    const dialog = await openDialog();
    await act(() => i18n.changeLanguage('TY'));
    fireEvent.change(within(dialog).getByTestId('image-input'), { target: { files: [png()] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ipadala ang aplikasyon' }));
    expect((await within(dialog).findByTestId('field-error-images')).textContent).toBe(
      'png o jpg na larawan lamang',
    );
  });

  it('when the promotion closed meanwhile, then the dialog says so in the reader language', async () => {
    fakeApi({
      [`POST ${APPLY}`]: () =>
        failAnswer(409, 'CONFLICT', 'This promotion is closed', {
          issues: [{ field: 'params.id', message: 'This promotion is closed' }],
        }),
    });
    const dialog = await openDialog();
    await act(() => i18n.changeLanguage('TY'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ipadala ang aplikasyon' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Sarado na ang promosyong ito.'),
    );
  });
});
