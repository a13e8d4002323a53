import { DepositPaths } from '@fortuna/contracts/deposit';
import { MemberPaths } from '@fortuna/contracts/member';
import { PromotionPaths } from '@fortuna/contracts/promotions';
import { VerificationPaths } from '@fortuna/contracts/verification';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { opsToken } from '../playwright.config.ts';
import { newUsername } from './identity.ts';

/** A member a test registered through the API, with the token of its login. */
export interface ApiMember {
  username: string;
  password: string;
  token: string;
}

/**
 * A member of the test's own, registered and logged in through the API (the register popup has its
 * own tests), with no money yet: a test about the first deposit makes that deposit itself.
 */
export async function registeredMember(
  request: APIRequestContext,
  prefix: string,
  // An agent's invitation code registers the member in that agent's line, as its link does.
  { affiliateCode }: { affiliateCode?: string } = {},
): Promise<ApiMember> {
  const username = newUsername(prefix);
  const password = 'Funded2026';
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
      ...(affiliateCode ? { affiliateCode } : {}),
    },
  });
  expect(registered.ok(), `register answered ${registered.status()} ${await registered.text()}`).toBe(true);
  const { token } = (await registered.json()).value;
  return { username, password, token };
}

/**
 * A registered member funded the way money really arrives: a bank-transfer deposit that an
 * operator approves. Tests that look at balances use one of these rather than the shared demo accounts.
 */
export async function fundedMember(
  request: APIRequestContext,
  amountMinor: string,
  options: { affiliateCode?: string } = {},
): Promise<ApiMember> {
  const member = await registeredMember(request, 'fund', options);
  const { token } = member;
  const order = await request.post(DepositPaths.orders, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      channelCode: 'BANK_TRANSFER',
      amountMinor,
      requestId: crypto.randomUUID(),
      payerReference: 'E2E-FUNDING',
    },
  });
  expect(order.ok(), `deposit order answered ${order.status()} ${await order.text()}`).toBe(true);
  const { orderNo } = (await order.json()).value;
  const approved = await request.post(DepositPaths.opsApprove.replace(':orderNo', orderNo), {
    headers: { authorization: `Bearer ${opsToken}` },
    data: { note: 'e2e funding' },
  });
  expect(approved.ok(), `approval answered ${approved.status()} ${await approved.text()}`).toBe(true);
  await firstDepositBonusSettled(request, token);
  return member;
}

/**
 * Waits, polling, until the member's first-deposit bonus is granted when that promotion runs: it
 * follows the deposit's credit by milliseconds, after the approval has answered (ADR 078).
 */
export async function firstDepositBonusSettled(request: APIRequestContext, token: string): Promise<void> {
  const running = await request.get(PromotionPaths.running, { params: { lang: 'EN' } });
  expect(running.ok(), `promotions answered ${running.status()}`).toBe(true);
  const promotions = (await running.json()).value.promotions as { code: string }[];
  if (!promotions.some((promotion) => promotion.code === 'FIRST_DEPOSIT_DOUBLED')) return;
  await expect
    .poll(
      async () => {
        const answer = await request.get(PromotionPaths.bonuses, {
          headers: { authorization: `Bearer ${token}` },
        });
        return answer.ok() ? ((await answer.json()).value.bonuses as unknown[]).length : 0;
      },
      { message: 'the first-deposit bonus follows the deposit', timeout: 15_000 },
    )
    .toBeGreaterThan(0);
}

/** Opens the lobby already logged in as `member`, as after a login in this tab (token in session storage). */
export async function openAs(page: Page, member: { token: string }): Promise<void> {
  await page.goto('/');
  await page.evaluate((token) => sessionStorage.setItem('token', token), member.token);
  await page.reload();
}
