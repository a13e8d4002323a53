import {
  type ConsolidatedFunds,
  MAIN_WALLET,
  type TransferVendors,
  type VendorWallet,
  type WalletSettings,
  type WalletTransfer,
  type WalletTransferRequest,
} from '@fortuna/contracts/wallet';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type LedgerService, MINOR_UNIT_DECIMALS } from '../ledger/ledger.service.ts';
import { recordAudit } from '../operators/audit.ts';
import * as store from './wallet.store.ts';
import { walletConfigCacheOf } from './wallet-config-cache.ts';

/** What the wallet needs of the site configuration (the system service satisfies this). */
export interface WalletSite {
  siteInfo(): { currency: { code: string; symbol: string } };
}

function settingsAnswer(row: store.WalletSettingsRow): WalletSettings {
  return {
    isSingle: row.singleWallet,
    transferMinMinor: row.transferMinMinor.toString(),
    withdrawMinMinor: row.withdrawMinMinor.toString(),
    withdrawMaxMinor: row.withdrawMaxMinor.toString(),
    withdrawDailyCount: row.withdrawDailyCount,
    withdrawConfirmMinutes: row.withdrawConfirmMinutes,
  };
}

/**
 * The member's wallets (spec 3 merchant wallet): in single-wallet mode every vendor plays from the
 * main wallet; in transfer-wallet mode some vendors keep a wallet of their own per member, and the
 * member moves money between it and the main wallet.
 */
export function createWalletService(deps: { db: Database; ledger: LedgerService; site: WalletSite }) {
  const { db, ledger } = deps;
  // Settings and vendors are read on every call but change only through switchMode: kept in memory.
  const config = walletConfigCacheOf(db);

  async function settings(): Promise<store.WalletSettingsRow> {
    return (await config.current()).settings;
  }

  async function transferVendorList(): Promise<store.TransferVendorRow[]> {
    return (await config.current()).vendors;
  }

  /** A vendor wallet the member may move money with, or a 400 naming the field. */
  async function transferVendor(code: string, field: string): Promise<store.TransferVendorRow> {
    const vendor = (await transferVendorList()).find((row) => row.code === code);
    if (!vendor?.enabled) throw AppError.invalidField(field, `${code} has no transfer wallet`);
    return vendor;
  }

  /**
   * The vendor of a transfer. Money goes into a vendor wallet only in transfer mode and at an
   * enabled vendor; it may always come back out of a wallet the member holds, so what was left
   * there when the operator switched to single-wallet mode or disabled the vendor is never stuck.
   */
  async function vendorOfTransfer(memberId: bigint, request: WalletTransferRequest): Promise<string> {
    const isSingle = (await settings()).singleWallet;
    const refusedInSingleMode = () =>
      new AppError('FEATURE_DISABLED', {
        message: 'Transfer wallets are off: every game plays from the main wallet',
      });
    if (request.from === MAIN_WALLET) {
      if (isSingle) throw refusedInSingleMode();
      return (await transferVendor(request.to, 'body.to')).code;
    }
    const listed = (await transferVendorList()).some((row) => row.code === request.from && row.enabled);
    if (listed && !isSingle) return request.from;
    const held = await store.memberVendorBalances(db, memberId);
    if (held.some((wallet) => wallet.vendor === request.from)) return request.from;
    if (isSingle) throw refusedInSingleMode();
    throw AppError.invalidField('body.from', `${request.from} has no transfer wallet`);
  }

  return {
    settings: async (): Promise<WalletSettings> => settingsAnswer(await settings()),

    isSingle: async (): Promise<boolean> => (await settings()).singleWallet,

    /** The enabled transfer-wallet vendors with the member's balance in each; none in single mode. */
    async transferVendors(memberId: bigint): Promise<TransferVendors> {
      const isSingle = (await settings()).singleWallet;
      if (isSingle) return { isSingle, vendors: [] };
      const [vendors, balances] = await Promise.all([
        transferVendorList(),
        store.memberVendorBalances(db, memberId),
      ]);
      return {
        isSingle,
        vendors: vendors
          .filter((vendor) => vendor.enabled)
          .map((vendor) => ({
            code: vendor.code,
            name: vendor.name,
            balanceMinor: (
              balances.find((balance) => balance.vendor === vendor.code)?.balanceMinor ?? 0n
            ).toString(),
          })),
      };
    },

    /**
     * Moves money between the main wallet and one vendor wallet, once per request id: a retry
     * answers the first transfer and moves nothing again. Out of a vendor wallet it works in any
     * mode (vendorOfTransfer).
     */
    async transfer(memberId: bigint, request: WalletTransferRequest): Promise<WalletTransfer> {
      const toVendor = request.from === MAIN_WALLET;
      const vendor = await vendorOfTransfer(memberId, request);
      // Two lookups at once on two connections: one round trip of waiting instead of two.
      const [main, vendorWallet] = await Promise.all([
        ledger.mainAccountOf(memberId),
        ledger.vendorAccountOf(memberId, vendor),
      ]);
      const [from, to] = toVendor ? [main, vendorWallet] : [vendorWallet, main];
      const amountMinor = BigInt(request.amountMinor);
      const posted = await ledger.post({
        type: 'TRANSFER',
        reference: `wallet transfer ${request.from} to ${request.to}`,
        actor: `member:${memberId}`,
        idempotencyKey: `wallet-transfer:${memberId}:${request.requestId}`,
        entries: [
          { accountId: from.id, amountMinor: -amountMinor },
          { accountId: to.id, amountMinor },
        ],
      });
      const balanceAfter = (accountId: bigint) =>
        (posted.entries.find((entry) => entry.accountId === accountId)?.balanceAfterMinor ?? 0n).toString();
      return {
        transactionId: posted.id.toString(),
        amountMinor: amountMinor.toString(),
        from: { wallet: request.from, balanceMinor: balanceAfter(from.id) },
        to: { wallet: request.to, balanceMinor: balanceAfter(to.id) },
        createdAt: posted.createdAt.toISOString(),
      };
    },

    /**
     * All the member's money: the main wallet, every enabled transfer wallet (in transfer mode),
     * and any other wallet that still holds money (a vendor disabled or a mode switched since), so
     * the total is never less than what the member owns.
     */
    async consolidated(memberId: bigint): Promise<ConsolidatedFunds> {
      const [current, vendors, balances, mainBalance] = await Promise.all([
        settings(),
        transferVendorList(),
        store.memberVendorBalances(db, memberId),
        ledger.mainBalanceOf(memberId),
      ]);
      const wallets: VendorWallet[] = [];
      let total = mainBalance;
      for (const vendor of vendors) {
        const balance = balances.find((row) => row.vendor === vendor.code)?.balanceMinor ?? 0n;
        const listed = (vendor.enabled && !current.singleWallet) || balance !== 0n;
        if (!listed) continue;
        wallets.push({ code: vendor.code, name: vendor.name, balanceMinor: balance.toString() });
        total += balance;
      }
      // A wallet at a vendor no longer in the table still counts, under its code.
      for (const balance of balances) {
        if (balance.balanceMinor === 0n || vendors.some((vendor) => vendor.code === balance.vendor)) continue;
        wallets.push({
          code: balance.vendor,
          name: balance.vendor,
          balanceMinor: balance.balanceMinor.toString(),
        });
        total += balance.balanceMinor;
      }
      const { currency } = deps.site.siteInfo();
      return {
        mainBalanceMinor: mainBalance.toString(),
        wallets,
        totalMinor: total.toString(),
        currencyCode: currency.code,
        currencySymbol: currency.symbol,
        decimals: MINOR_UNIT_DECIMALS,
      };
    },

    /** The operator's switch between single and transfer-wallet mode, audited with the change. */
    async switchMode(isSingle: boolean, actor: string): Promise<WalletSettings> {
      const row = await db.transaction(async (tx) => {
        const before = await store.findWalletSettings(tx);
        const row = await store.updateSingleWallet(tx, isSingle);
        if (!before || !row)
          throw new Error('wallet settings are missing: seed the wallet configuration first');
        await recordAudit(tx, {
          actor,
          action: 'wallet.settings.mode',
          targetType: 'wallet_settings',
          targetId: '1',
          details: { isSingle: { before: before.singleWallet, after: row.singleWallet } },
        });
        return row;
      });
      // Only once committed: a rolled-back switch must not be served from memory.
      config.replaceSettings(row);
      return settingsAnswer(row);
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
