import { SmsOutboxResponseSchema, VerificationPaths } from '@fortuna/contracts/verification';
import { type APIRequestContext, expect, type Page, type Response } from '@playwright/test';

/**
 * The server's development aids (DEV_ENDPOINTS=on, SMS_PROVIDER=log): what a person would read
 * off the captcha image or their phone.
 */

const isCaptchaLoad = (response: Response) =>
  response.request().method() === 'GET' && new URL(response.url()).pathname === VerificationPaths.captcha;

/**
 * Starts waiting for the lobby's next captcha load (GET /wps/captcha); call it before the click
 * that shows or reloads the captcha, then `captchaText` of the answer.
 */
export function nextCaptcha(page: Page): Promise<Response> {
  return page.waitForResponse(isCaptchaLoad);
}

/** The text of the captcha a load answered, through the server's captcha peek. */
export async function captchaText(request: APIRequestContext, load: Promise<Response>): Promise<string> {
  const response = await load;
  const body = (await response.json()) as { value: { captchaId: string } };
  const answer = await request.get(`${VerificationPaths.devCaptchaPeek}/${body.value.captchaId}`);
  expect(answer.ok(), `captcha peek answered ${answer.status()}`).toBe(true);
  const peeked = (await answer.json()) as { value: { text: string } };
  return peeked.value.text;
}

/**
 * The code in the newest SMS to `to` (dialling code and number, e.g. '+639171234567'), sent no
 * earlier than `sentSince` when given. Login and reset codes are sent after the server has
 * answered, so the outbox is read again until the message is there.
 */
export async function latestSmsCode(
  request: APIRequestContext,
  to: string,
  sentSince?: Date,
): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const answer = await request.get(VerificationPaths.devSmsOutbox, { params: { to } });
    expect(answer.ok(), `SMS outbox answered ${answer.status()}`).toBe(true);
    const newest = SmsOutboxResponseSchema.parse(await answer.json()).value?.[0];
    const fresh = newest && (!sentSince || Date.parse(newest.sentAt) >= sentSince.getTime());
    code = fresh ? /\b(\d{4,8})\b/.exec(newest.text)?.[1] : undefined;
    expect(code, `no SMS with a code to ${to}: ${newest?.text ?? 'none sent'}`).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return code as string;
}
