import { MemberPaths } from '@fortuna/contracts/member';
import { MessageOpsPaths, type SendMessage } from '@fortuna/contracts/messages';
import { VerificationPaths } from '@fortuna/contracts/verification';
import { type APIRequestContext, expect } from '@playwright/test';
import { opsToken } from '../playwright.config.ts';
import { newUsername } from './identity.ts';

/** A member of the test's own, registered through the API and logged in (no money needed). */
export async function registeredMember(
  request: APIRequestContext,
  prefix = 'msg',
): Promise<{ username: string; token: string }> {
  const username = newUsername(prefix);
  const password = 'Message2026';
  const captcha = await request.get(VerificationPaths.captcha);
  expect(captcha.ok(), `captcha answered ${captcha.status()}`).toBe(true);
  const { captchaId } = (await captcha.json()).value;
  const peek = await request.get(`${VerificationPaths.devCaptchaPeek}/${captchaId}`);
  const registered = await request.put(MemberPaths.register, {
    data: {
      username,
      password,
      confirmPassword: password,
      captchaId,
      captcha: (await peek.json()).value.text,
      login: true,
    },
  });
  expect(registered.ok(), `register answered ${registered.status()} ${await registered.text()}`).toBe(true);
  return { username, token: (await registered.json()).value.token };
}

/** Sends a platform message through the operator API, as an operator would; answers its id. */
export async function sendMessage(request: APIRequestContext, message: SendMessage): Promise<string> {
  const answer = await request.post(MessageOpsPaths.messages, {
    headers: { authorization: `Bearer ${opsToken}` },
    data: message,
  });
  expect(answer.ok(), `send answered ${answer.status()} ${await answer.text()}`).toBe(true);
  return (await answer.json()).value.id;
}
