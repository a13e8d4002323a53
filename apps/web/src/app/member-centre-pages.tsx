import { lazy } from 'react';
import type { MemberCentrePages } from '../features/member-centre/components/member-centre.tsx';

const SecurityCenterPage = lazy(() =>
  import('../features/wallet/routes/security-center-page.tsx').then((m) => ({
    default: m.SecurityCenterPage,
  })),
);
const TransferFundPage = lazy(() =>
  import('../features/wallet/routes/transfer-fund-page.tsx').then((m) => ({ default: m.TransferFundPage })),
);
export const DepositPage = lazy(() =>
  import('../features/deposit/routes/deposit-page.tsx').then((m) => ({ default: m.DepositPage })),
);
export const WithdrawPage = lazy(() =>
  import('../features/withdraw/routes/withdraw-page.tsx').then((m) => ({ default: m.WithdrawPage })),
);
const TransferUplinePage = lazy(() =>
  import('../features/wallet/routes/transfer-upline-page.tsx').then((m) => ({
    default: m.TransferUplinePage,
  })),
);
const TransactionHistoryPage = lazy(() =>
  import('../features/wallet/routes/transaction-history-page.tsx').then((m) => ({
    default: m.TransactionHistoryPage,
  })),
);
const BettingRecordPage = lazy(() =>
  import('../features/bets/routes/betting-record-page.tsx').then((m) => ({ default: m.BettingRecordPage })),
);
const PersonalProfitPage = lazy(() =>
  import('../features/bets/routes/personal-profit-page.tsx').then((m) => ({ default: m.PersonalProfitPage })),
);
const BonusDetailsPage = lazy(() =>
  import('../features/bonus/routes/bonus-details-page.tsx').then((m) => ({ default: m.BonusDetailsPage })),
);
const RewardCentrePage = lazy(() =>
  import('../features/promotions/routes/reward-centre-page.tsx').then((m) => ({
    default: m.RewardCentrePage,
  })),
);
const ReferralPage = lazy(() =>
  import('../features/referral/routes/referral-page.tsx').then((m) => ({ default: m.ReferralPage })),
);
export const MessagesPage = lazy(() =>
  import('../features/messages/routes/messages-page.tsx').then((m) => ({ default: m.MessagesPage })),
);

/**
 * Which feature draws each member centre page; a page not listed here says when it arrives.
 * Composed here so features never import each other.
 */
export const MEMBER_CENTRE_PAGE_COMPONENTS: MemberCentrePages = {
  securityCenter: SecurityCenterPage,
  transferFund: TransferFundPage,
  depositv2: DepositPage,
  withdraw: WithdrawPage,
  transferUpline: TransferUplinePage,
  personalHistoryCopy: BettingRecordPage,
  transactionHistory: TransactionHistoryPage,
  personalProfit: PersonalProfitPage,
  bonusDetails: BonusDetailsPage,
  rewardCenter: RewardCentrePage,
  referral: ReferralPage,
  messageV2: MessagesPage,
};
