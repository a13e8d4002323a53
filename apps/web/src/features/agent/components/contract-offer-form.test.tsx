import { ContractPaths } from '@fortuna/contracts/agent-contract-calls';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { failAnswer, okAnswer } from '../../../test/fake-api.ts';
import {
  agentApi,
  contractTier,
  endAgentTest,
  heldDailySalary,
  openAgentPage,
} from '../agent.test-helpers.tsx';
import { ContractOfferForm } from './contract-offer-form.tsx';

const own = heldDailySalary([contractTier(1, { minValidBetMinor: '1000000', minActiveMembers: 3 }, '0.5')]);

describe('offering a direct downline agent a contract', () => {
  afterEach(endAgentTest);

  it('when the form opens, then it offers the enabled types and starts from the agent’s own tiers; a ratio refusal names the tier and rate; a fixed offer is sent', async () => {
    let refuse = true;
    const api = agentApi({
      [`GET ${ContractPaths.consolidated}`]: () =>
        okAnswer({
          enabledTypes: ['DAILY_SALARY', 'HOUR_SALARY'],
          requirementTypes: {},
          offers: [],
          contracts: [own],
        }),
      [`POST ${ContractPaths.agentContracts}`]: () =>
        refuse
          ? failAnswer(400, 'VALIDATION', 'Invalid input', {
              issues: [
                {
                  field: 'body.tiers.0.ratePercent',
                  message: "must not exceed your own contract's rate at this requirement (0.5 %)",
                },
              ],
            })
          : okAnswer({ ...own, id: '9', status: 'AWAITING', payer: 'UPLINE', memberId: '32', uplineId: '1' }),
    });
    openAgentPage(<ContractOfferForm downline={{ id: '32', username: 'subagent32' }} onClose={() => {}} />);
    const form = await screen.findByTestId('contract-offer-form');
    await vi.waitFor(() => expect(within(form).getByLabelText('Rate (%)')).toHaveProperty('value', '0.5'));
    const types = within(form).getByLabelText('Type') as HTMLSelectElement;
    expect([...types.options].map((option) => option.textContent)).toEqual(['Daily salary', 'Hourly salary']);
    expect(within(form).getByLabelText('Valid bets')).toHaveProperty('value', '10000.00');
    expect(within(form).getByTestId('offer-own-rate').textContent).toContain('0.5 %');

    fireEvent.change(within(form).getByLabelText('Rate (%)'), { target: { value: '0.9' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send the offer' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      "Tier 1 · Rate: must not exceed your own contract's rate at this requirement (0.5 %)",
    );

    refuse = false;
    fireEvent.change(within(form).getByLabelText('Rate (%)'), { target: { value: '0.4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send the offer' }));
    expect((await within(form).findByTestId('offer-sent')).textContent).toContain('subagent32');
    expect(api.callsTo('POST', ContractPaths.agentContracts).at(-1)?.body).toEqual({
      memberId: '32',
      type: 'DAILY_SALARY',
      period: 'D',
      tiers: [{ minValidBetMinor: '1000000', minActiveMembers: 3, ratePercent: '0.4' }],
    });
  });

  it('when an amount cannot be read, then the tier and field are named and nothing is sent', async () => {
    const api = agentApi({
      [`GET ${ContractPaths.consolidated}`]: () =>
        okAnswer({ enabledTypes: ['DAILY_SALARY'], requirementTypes: {}, offers: [], contracts: [own] }),
    });
    openAgentPage(<ContractOfferForm downline={{ id: '32', username: 'subagent32' }} onClose={() => {}} />);
    const form = await screen.findByTestId('contract-offer-form');
    await vi.waitFor(() =>
      expect(within(form).getByLabelText('Valid bets')).toHaveProperty('value', '10000.00'),
    );
    fireEvent.change(within(form).getByLabelText('Valid bets'), { target: { value: '10.001' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send the offer' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Tier 1 · Valid bets: an amount like 10000 or 10,000.50',
    );
    expect(api.callsTo('POST', ContractPaths.agentContracts)).toEqual([]);
  });
});
