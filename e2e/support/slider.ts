import { expect, type Locator, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { findSliderGapX } from './slider-gap.ts';

const pause = (page: Page, ms: number) => page.waitForTimeout(ms);

/** The slider dialog once its puzzle is loaded and it has finished popping in. */
export async function sliderReady(page: Page): Promise<Locator> {
  const dialog = page.getByTestId('slider-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('slider-handle')).toHaveAttribute('aria-disabled', 'false');

  // The dialog pops in (scaled 0.96 → 1 over 200 ms): measured mid-animation, the picture looks
  // smaller than it is and the drag falls short of the gap. Wait for the finite animations.
  await dialog.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  );

  return dialog;
}

/**
 * Solves the slider dialog as a person would: looks at the picture for the gap (its outline),
 * then drags the handle there in uneven steps with a little wobble, over about 400 ms.
 */
export async function solveSlider(page: Page): Promise<void> {
  const dialog = await sliderReady(page);
  const handle = dialog.getByTestId('slider-handle');

  const background = dialog.getByTestId('slider-background');
  const source = await background.getAttribute('src');
  if (!source?.startsWith('data:image/png;base64,'))
    throw new Error('the slider picture is not a PNG data URL');
  const picture = PNG.sync.read(Buffer.from(source.slice(source.indexOf(',') + 1), 'base64'));
  const gapX = findSliderGapX(picture);

  const shown = await background.boundingBox();
  const grip = await handle.boundingBox();
  if (!shown || !grip) throw new Error('the slider is not on screen');
  // The picture may be drawn smaller than its pixels (narrow screens): move in screen pixels.
  const distance = gapX * (shown.width / picture.width);
  const startX = grip.x + grip.width / 2;
  const startY = grip.y + grip.height / 2;

  await page.mouse.move(startX, startY);
  await page.mouse.down();
  const steps = 15 + Math.floor(Math.random() * 11);
  for (let step = 1; step <= steps; step += 1) {
    const progress = step / steps;
    // Ease out, overshoot a little near the end, then settle exactly on the gap.
    const eased = 1 - (1 - progress) ** 3;
    const overshoot = step === steps ? 0 : Math.sin(progress * Math.PI) * 3;
    const x = step === steps ? startX + distance : startX + distance * eased + overshoot;
    const y = startY + (Math.random() - 0.5) * 3;
    await page.mouse.move(x, y);
    await pause(page, 400 / steps + Math.random() * 12 - 6);
  }
  await page.mouse.move(startX + distance, startY + 1);
  await pause(page, 30);
  await page.mouse.up();

  // Solved: the dialog closes. Not solved: it says so and shows a new puzzle.
  await expect(dialog).toBeHidden({ timeout: 5_000 });
}
