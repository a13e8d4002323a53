import { describe, expect, it } from 'vitest';
import { pngOf, SMALL_JPEG } from '../../test/images.ts';
import { checkImage, ImageRefused } from './image-check.ts';

const refusal = (bytes: Buffer) => {
  try {
    checkImage(bytes);
    return 'accepted';
  } catch (error) {
    expect(error).toBeInstanceOf(ImageRefused);
    return (error as Error).message;
  }
};

describe('uploaded images checked by content', () => {
  it('when a real png or jpg comes, then its type is told by its content', () => {
    expect(checkImage(pngOf(5, 3))).toBe('image/png');
    expect(checkImage(pngOf(64, 48, true))).toBe('image/png');
    expect(checkImage(SMALL_JPEG)).toBe('image/jpeg');
  });

  it('when a text file comes, then it is refused as not an image', () => {
    expect(refusal(Buffer.from('just some text pretending to be a picture'))).toBe(
      'is not a png or jpg image',
    );
    expect(refusal(Buffer.alloc(0))).toBe('is not a png or jpg image');
  });

  it('when a png or jpg is cut off at any byte, then it is refused', () => {
    const png = pngOf(16, 16, true);
    for (let cut = 8; cut < png.length; cut += 1) expect(refusal(png.subarray(0, cut))).not.toBe('accepted');
    for (let cut = 3; cut < SMALL_JPEG.length; cut += 1) {
      expect(refusal(SMALL_JPEG.subarray(0, cut))).not.toBe('accepted');
    }
  });

  it('when a png byte is changed, then its checksum refuses it', () => {
    const png = Buffer.from(pngOf(16, 16, true));
    png[60] = (png[60] ?? 0) ^ 0x55;
    expect(refusal(png)).toMatch(/damaged png/);
  });

  it('when the magic bytes are right but the rest is junk, then it is refused', () => {
    const fakePng = Buffer.concat([pngOf(1, 1).subarray(0, 8), Buffer.from('not chunks at all, only text')]);
    expect(refusal(fakePng)).not.toBe('accepted');
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('junk junk junk')]);
    expect(refusal(fakeJpeg)).not.toBe('accepted');
  });

  it('when something follows the end of the image, then it is refused', () => {
    expect(refusal(Buffer.concat([pngOf(4, 4), Buffer.from('tail')]))).toMatch(/after the end/);
    expect(refusal(Buffer.concat([SMALL_JPEG, Buffer.from('tail')]))).toMatch(/after the end/);
  });
});
