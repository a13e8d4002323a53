import { ContractPaths } from '@fortuna/contracts/agent-contract-calls';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n.ts';
import { okAnswer } from '../../../test/fake-api.ts';
import {
  agentApi,
  contractTier,
  endAgentTest,
  heldDailySalary,
  openAgentPage,
  period,
} from '../agent.test-helpers.tsx';
import { shownAgentCentrePages } from '../agent-centre-menu.ts';
import { DailySalaryRecordsPage } from './contract-records-page.tsx';

const tier = (position: number, minValidBetMinor: string, ratePercent: string) =>
  contractTier(position, { minValidBetMinor }, ratePercent);
const contract = heldDailySalary([tier(1, '1000000', '0.5'), tier(2, '5000000', '1.2')]);
const record = {
  id: '41',
  contractId: '7',
  type: 'DAILY_SALARY',
  contractPeriod: 'D',
  side: 'PAYEE',
  periodStart: '2026-11-24T16:00:00.000Z',
  periodEnd: '2026-11-25T16:00:00.000Z',
  payeeUsername: 'agent01',
  payerUsername: null,
  baseMinor: '10000000',
  tierLevel: 2,
  ratePercent: '1.2',
  amountMinor: '120000',
  paidMinor: '120000',
  status: 'PAID',
};
const given = {
  ...record,
  id: '42',
  side: 'PAYER',
  payeeUsername: 'sub02',
  payerUsername: 'agent01',
  baseMinor: '4500000',
  tierLevel: 1,
  ratePercent: '0.8',
  amountMinor: '36000',
  paidMinor: '0',
  status: 'INSUFFICIENT_BALANCE',
};

function contractApi() {
  return agentApi({
    [`GET ${ContractPaths.consolidated}`]: () =>
      okAnswer({ enabledTypes: ['DAILY_SALARY'], requirementTypes: {}, offers: [], contracts: [contract] }),
    [`GET ${ContractPaths.agentContracts}`]: () =>
      okAnswer({
        items: [
          {
            ...contract,
            id: '8',
            payer: 'UPLINE',
            memberId: '2',
            uplineId: '1',
            memberUsername: 'sub02',
            tiers: [tier(1, '0', '0.8')],
          },
        ],
        page: 1,
        pageSize: 50,
        total: 1,
      }),
    [`GET ${ContractPaths.agentRecords}`]: () =>
      okAnswer({
        period,
        items: [record, given],
        page: 1,
        pageSize: 20,
        total: 2,
        totals: {
          asPayee: { count: 1, amountMinor: '120000', paidMinor: '120000', owedMinor: '0' },
          asPayer: { count: 1, amountMinor: '36000', paidMinor: '0', owedMinor: '36000' },
        },
      }),
    [`GET ${ContractPaths.agentRecord.replace(':id', '41')}`]: () =>
      okAnswer({
        ...record,
        periodKey: '2026-11-25T00:00+08:00/P1D',
        validBetMinor: '10000000',
        netLossMinor: '4000000',
        activeMembers: 3,
        lossRatePercent: null,
        profitRatePercent: null,
        carriedInMinor: '0',
        carriedOutMinor: '0',
        tiers: contract.tiers,
        passedOnMinor: '66000',
        keptMinor: '54000',
        note: null,
        payments: [{ number: 1, amountMinor: '120000', at: '2026-11-27T16:01:00.000Z' }],
      }),
  });
}

describe('contract pages (spec 2.7 agentDailyWages2 and the other three)', () => {
  afterEach(endAgentTest);

  it('when the brand enables only daily salary, then only its page joins the menu, after account details', () => {
    const shown = shownAgentCentrePages(['DAILY_SALARY']);
    expect(shown.slice(7, 10)).toEqual([
      'agentDownlineTransactionDetailsCopy',
      'agentDailyWages2',
      'depositv2',
    ]);
    expect(shownAgentCentrePages([])).not.toContain('agentDailyWages2');
    expect(
      shownAgentCentrePages(['DIVIDEND', 'HOUR_SALARY', 'REALTIME_SALARY', 'DAILY_SALARY']).slice(8, 12),
    ).toEqual(['agentDividendRecordCopy2', 'agentDailyWages2', 'agentHourSalary', 'agentRealtimeSalary']);
  });

  it('when opened, then the held and given contracts, each record with its side and the totals show; the daily records are asked for', async () => {
    const api = contractApi();
    openAgentPage(<DailySalaryRecordsPage />);
    const held = await screen.findAllByTestId('agent-contract-row');
    expect(held.map((row) => row.textContent)).toEqual([
      'HeldThe platformDaily0.5 – 1.2 %22026-11-20 00:00Active',
      'Givensub02Daily0.8 %12026-11-20 00:00Active',
    ]);
    const rows = await screen.findAllByTestId('contract-record-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '2026-11-25ReceivedThe platform₱ 100,000.0021.2 %₱ 1,200.00₱ 1,200.00Paid',
      "2026-11-25Paid outsub02₱ 45,000.0010.8 %₱ 360.00₱ 0.00Payer's balance too low",
    ]);
    // Owed is what is still to be paid: the received bill owes nothing more.
    expect(screen.getByTestId('report-totals-owedToMe').textContent).toBe('Owed to you₱ 0.00');
    expect(screen.getByTestId('report-totals-owedByMe').textContent).toBe('Owed by you₱ 360.00');
    expect(api.callsTo('GET', ContractPaths.agentRecords)[0]?.query.get('type')).toBe('DAILY_SALARY');
  });

  it('when a record’s period is clicked, then its calculation shows the figures, the tier reached marked in the table, passed on and kept', async () => {
    contractApi();
    openAgentPage(<DailySalaryRecordsPage />);
    const [first] = await screen.findAllByTestId('contract-record-row');
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: '2026-11-25' }));
    const dialog = await screen.findByTestId('contract-record-detail');
    await vi.waitFor(() => expect(within(dialog).getByTestId('record-kept').textContent).toBe('₱ 540.00'));
    expect(within(dialog).getByTestId('record-tier').textContent).toBe('2');
    expect(within(dialog).getByTestId('record-amount').textContent).toBe('₱ 1,200.00');
    const reached = within(dialog).getByTestId('contract-tiers').querySelector('[aria-current="true"]');
    expect(reached?.textContent).toContain('1.2 %');
    expect(within(dialog).getByTestId('record-payments').textContent).toContain('₱ 1,200.00');
  });
});
