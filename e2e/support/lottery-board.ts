import { expect, type FrameLocator, type Page } from '@playwright/test';

/**
 * Presses Place slip on a lottery board and answers the slip the house lottery placed (201), with
 * its draw. The /slips answer is awaited with a limit, so a press that sent nothing fails here.
 */
export async function placeSlip(
  page: Page,
  board: FrameLocator,
): Promise<{ slipId: string; drawCode: string }> {
  const placing = page.waitForResponse(
    (response) => response.url().endsWith('/slips') && response.request().method() === 'POST',
    { timeout: 30_000 },
  );
  await board.locator('#place').click();
  const placed = await placing;
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()).value as { slipId: string; drawCode: string };
}
