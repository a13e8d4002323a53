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

/**
 * Which feature draws each member centre page. depositv2 and withdraw are not listed until their
 * pages land in features/deposit and features/withdraw; the centre says they arrive later.
 */
export const MEMBER_CENTRE_PAGE_COMPONENTS: MemberCentrePages = {
  securityCenter: SecurityCenterPage,
  transferFund: TransferFundPage,
  transferUpline: TransferUplinePage,
  transactionHistory: TransactionHistoryPage,
};
