import { BetRecordPaths } from '@fortuna/contracts/bet-records';
import { GamePaths } from '@fortuna/contracts/games';
import { failAnswer, fakeApi, okAnswer, type ReceivedCall } from '../../../test/fake-api.ts';

export const round = {
  id: '11',
  vendorCode: 'FORTUNA',
  vendorName: 'Fortuna Originals',
  gameCode: 'neon-fruits',
  gameName: 'Neon Fruits',
  category: 'RNG',
  roundId: 'r-2001',
  stakeMinor: '2500',
  payoutMinor: '10000',
  validBetMinor: '2500',
  profitMinor: '7500',
  status: 'SETTLED',
  openedAt: new Date(2026, 10, 20, 9, 5, 7).toISOString(),
  settledAt: new Date(2026, 10, 20, 9, 5, 8).toISOString(),
};
export const openRound = {
  ...round,
  id: '12',
  roundId: 'r-2002',
  payoutMinor: '0',
  profitMinor: null,
  status: 'OPEN',
};
export const totals = {
  rounds: 2,
  stakeMinor: '5000',
  validBetMinor: '5000',
  payoutMinor: '10000',
  profitMinor: '7500',
};

const vendors = [
  {
    gameType: 'RNG',
    vendors: [
      {
        code: 'FORTUNA',
        name: 'Fortuna Originals',
        status: 'ACTIVE',
        gameCount: 3,
        launchableCount: 3,
        logoUrl: '',
      },
      { code: 'PGS', name: 'PG Soft', status: 'ACTIVE', gameCount: 9, launchableCount: 0, logoUrl: '' },
    ],
  },
  {
    gameType: 'FISH',
    vendors: [
      { code: 'PGS', name: 'PG Soft', status: 'ACTIVE', gameCount: 2, launchableCount: 0, logoUrl: '' },
    ],
  },
];

type Answer = ReturnType<typeof okAnswer>;

/** The calls the bets pages make, each answer replaceable; `failFirst` fails the first records/profit call. */
export function betRoutes({
  records = (call: ReceivedCall): Answer =>
    okAnswer({
      items: [openRound, round],
      page: Number(call.query.get('page')),
      pageSize: 20,
      total: 2,
      totals,
    }),
  profit = (): Answer =>
    okAnswer({ totals, vendors: [{ ...totals, vendorCode: 'FORTUNA', vendorName: 'Fortuna Originals' }] }),
  failFirst = false,
}: {
  records?: (call: ReceivedCall) => Answer;
  profit?: () => Answer;
  failFirst?: boolean;
} = {}) {
  let failed = !failFirst;
  const maybeFail = (answer: () => Answer) => {
    if (failed) return answer();
    failed = true;
    return failAnswer(500, 'INTERNAL', 'down');
  };
  return fakeApi({
    'GET /wps/v2/wallets/balance': () =>
      okAnswer({ balanceMinor: '876550', currencyCode: 'PHP', currencySymbol: '₱', decimals: 2 }),
    [`GET ${GamePaths.vendors}`]: () => okAnswer(vendors),
    [`GET ${BetRecordPaths.records}`]: (call) => maybeFail(() => records(call)),
    [`GET ${BetRecordPaths.profit}`]: () => maybeFail(profit),
  });
}
