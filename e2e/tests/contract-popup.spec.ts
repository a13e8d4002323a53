import { ContractPaths } from '@fortuna/contracts/agent-contract-calls';
import { offerDemoAgentDailySalary, submitAgentLogin } from '../support/agent-centre.ts';
import { expect, test } from '../support/client-address.ts';

test('when the platform offers agent01 a daily salary, then the popup after login shows its tiers and Accept makes it active', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const offered = await offerDemoAgentDailySalary(request);
  expect(offered.status(), await offered.text()).toBe(201);
  const contractId = (await offered.json()).value.id as string;
  const memberToken = () => page.evaluate(() => sessionStorage.getItem('token'));
  try {
    await page.goto('/agent');
    await submitAgentLogin(page);
    const popup = page.getByTestId('contract-popup');
    await expect(popup.getByTestId('contract-type')).toHaveText('Daily salary');
    await expect(popup.getByTestId('contract-tiers').getByRole('row')).toHaveCount(3);
    await expect(popup.getByRole('row').nth(2)).toContainText('0.8 %');
    await popup.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(popup).toBeHidden();
    const held = await request.get(ContractPaths.consolidated, {
      headers: { authorization: `Bearer ${await memberToken()}` },
    });
    const value = (await held.json()).value as {
      offers: unknown[];
      contracts: { id: string; status: string }[];
    };
    expect(value.offers).toEqual([]);
    expect(value.contracts).toContainEqual(expect.objectContaining({ id: contractId, status: 'ACTIVE' }));
  } finally {
    // Other specs log agent01 in: an offer left waiting would cover their pages. Rejecting an
    // accepted contract is refused and changes nothing.
    const token = await memberToken().catch(() => null);
    if (token)
      await request.post(ContractPaths.processDailySalary, {
        headers: { authorization: `Bearer ${token}` },
        data: { contractId, action: 'REJECT' },
      });
  }
});
