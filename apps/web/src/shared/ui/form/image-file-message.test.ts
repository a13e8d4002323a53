import { describe, expect, it } from 'vitest';
import { imageFileMessage } from './image-file-message.ts';

describe('imageFileMessage', () => {
  const MB = 1024 * 1024;
  it('when a png or jpg up to 5 MB is picked, then it may go', () => {
    expect(imageFileMessage({ type: 'image/png', size: 5 * MB }, 0)).toBeNull();
    expect(imageFileMessage({ type: 'image/jpeg', size: 1 }, 2)).toBeNull();
  });
  it('when the file is larger than 5 MB, then it is refused before sending', () => {
    expect(imageFileMessage({ type: 'image/png', size: 5 * MB + 1 }, 0)).toEqual({
      key: 'imagePicker.tooLarge',
      values: { mb: 5 },
    });
  });
  it.each(['image/gif', 'application/pdf', 'text/plain', ''])(
    'when the file is %s, then it is refused',
    (type) => {
      expect(imageFileMessage({ type, size: 10 }, 0)).toEqual({ key: 'imagePicker.type' });
    },
  );
  it('when three images are already picked, then a fourth is refused', () => {
    expect(imageFileMessage({ type: 'image/png', size: 10 }, 3)).toEqual({
      key: 'imagePicker.tooMany',
      values: { max: 3 },
    });
  });
});
