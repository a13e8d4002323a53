import { AgentRegisterCalls, AgentTeamCalls } from './agent.ts';
import { AgentContractCalls, ContractCalls, ContractOpsCalls } from './agent-contract-calls.ts';
import { AgentOpsCalls } from './agent-ops.ts';
import { AgentReportCalls } from './agent-reports.ts';
import { AnnouncementCalls } from './announcements.ts';
import { BetRecordCalls } from './bet-records.ts';
import type { Call } from './call.ts';
import { ContractBillOpsCalls } from './contract-bill-ops.ts';
import { DepositCalls } from './deposit.ts';
import { EncryptionCalls } from './encryption.ts';
import { FeedbackCalls } from './feedback.ts';
import { GameCalls, MemberGameCalls } from './games.ts';
import { HomeContentCalls } from './home-content.ts';
import { LotteryResultCalls } from './lottery-results.ts';
import { MemberCalls } from './member.ts';
import { MessageCalls } from './messages.ts';
import { PromotionApplicationCalls, PromotionApplicationOpsCalls } from './promotion-applications.ts';
import { PromotionClaimCalls } from './promotion-claims.ts';
import { PromotionSetupCalls } from './promotion-setup.ts';
import { PromotionCalls, PromotionOpsCalls } from './promotions.ts';
import { RaffleCalls, RaffleOpsCalls } from './raffles.ts';
import { RebateCalls, RebateOpsCalls } from './rebates.ts';
import { ReferralCalls, ReferralOpsCalls } from './referrals.ts';
import { SessionCalls } from './session.ts';
import { SystemCalls } from './system.ts';
import { VerificationCalls } from './verification.ts';
import { WalletCalls } from './wallet.ts';
import { WithdrawalCalls } from './withdrawal.ts';

/**
 * Every declared call, by group (ADR 028). The server's test checks that each is a route with
 * this method and path, and on the OpenAPI page; a new group is added here.
 */
export const DECLARED_CALL_GROUPS: Record<string, Record<string, Call>> = {
  BetRecordCalls,
  GameCalls,
  MemberGameCalls,
  LotteryResultCalls,
  WalletCalls,
  DepositCalls,
  WithdrawalCalls,
  MemberCalls,
  SessionCalls,
  VerificationCalls,
  SystemCalls,
  EncryptionCalls,
  AnnouncementCalls,
  HomeContentCalls,
  MessageCalls,
  FeedbackCalls,
  AgentRegisterCalls,
  AgentTeamCalls,
  AgentReportCalls,
  AgentOpsCalls,
  RebateCalls,
  RebateOpsCalls,
  ReferralCalls,
  ReferralOpsCalls,
  PromotionCalls,
  PromotionOpsCalls,
  PromotionSetupCalls,
  PromotionClaimCalls,
  PromotionApplicationCalls,
  PromotionApplicationOpsCalls,
  RaffleCalls,
  RaffleOpsCalls,
  ContractCalls,
  AgentContractCalls,
  ContractOpsCalls,
  ContractBillOpsCalls,
};
