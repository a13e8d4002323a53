import { Resvg } from '@resvg/resvg-js';
import svgCaptcha from 'svg-captcha';

export interface CaptchaImage {
  /** What the person must type; compared without regard to case. */
  text: string;
  /** data:image/png;base64,… (spec 7.1: the captcha is a base64 PNG). */
  dataUrl: string;
}

const CAPTCHA_LENGTH = 4;
// Characters that look alike in a distorted font (0/o/O, 1/i/l/I) would fail honest people.
const AMBIGUOUS_CHARACTERS = '0oO1iIlL';

/** A distorted text drawn as paths (no font on the server needed), rendered to a PNG. */
export function drawCaptcha(): CaptchaImage {
  const captcha = svgCaptcha.create({
    size: CAPTCHA_LENGTH,
    ignoreChars: AMBIGUOUS_CHARACTERS,
    noise: 3,
    color: true,
    background: '#f4f1ea',
    width: 120,
    height: 44,
    fontSize: 46,
  });
  const png = new Resvg(captcha.data).render().asPng();
  return { text: captcha.text, dataUrl: `data:image/png;base64,${png.toString('base64')}` };
}
