import { randomBytes } from 'node:crypto';
import type { Vendor, VendorStatus, WalletMode } from '@fortuna/contracts/games';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { recordAudit } from '../operators/audit.ts';
import * as store from './vendors.store.ts';

export type VendorRow = store.VendorRow;

/** What a vendor is shown as: everything but its secret. */
export function vendorView(row: VendorRow): Vendor {
  return {
    code: row.code,
    name: row.name,
    categories: row.categories,
    status: row.status as VendorStatus,
    sortOrder: row.sortOrder,
    walletMode: row.walletMode as WalletMode,
  };
}

const MAX_KNOWN_PLAYERS = 100_000;

/** A fresh random player id: 128 bits, URL-safe, unrelated to anything else about the member. */
export const newPlayerId = () => randomBytes(16).toString('base64url');

/**
 * The vendor registry: who the vendors are, their status and wallet mode, and the opaque player
 * ids members are known by at each.
 */
export function createVendorRegistry(deps: { db: Database }) {
  const { db } = deps;
  const findVendor = store.prepareVendorLookup(db);
  // A player id never changes owner, so its member is kept once found (bounded, cleared when full).
  const knownPlayers = new Map<string, bigint>();
  const changeListeners: (() => Promise<void> | void)[] = [];
  return {
    /** Called after an operator changed a vendor (the games catalogue shows vendor status). */
    onChange(listener: () => Promise<void> | void): void {
      changeListeners.push(listener);
    },

    /** Read on every call, never cached: a status change (maintenance) applies at once on every node. */
    find: (code: string) => findVendor(code),

    list: async (): Promise<Vendor[]> => (await store.listVendors(db)).map(vendorView),

    /** The member's player id at the vendor, made on first launch and kept for good. */
    playerIdFor: (vendorCode: string, memberId: bigint) =>
      store.playerIdOf(db, vendorCode, memberId, newPlayerId()),

    async memberOfPlayer(vendorCode: string, playerId: string): Promise<bigint | undefined> {
      const key = `${vendorCode}/${playerId}`;
      const known = knownPlayers.get(key);
      if (known !== undefined) return known;
      const found = await store.findMemberOfPlayer(db, vendorCode, playerId);
      if (found === undefined) return undefined;
      if (knownPlayers.size >= MAX_KNOWN_PLAYERS) knownPlayers.clear();
      knownPlayers.set(key, found);
      return found;
    },

    /** The house vendor's secret comes from the configuration, which both processes share. */
    async useSecret(vendorCode: string, secret: string): Promise<void> {
      await store.updateVendorSecret(db, vendorCode, secret);
    },

    /** An operator's status change (maintenance, disable), audited with the change. */
    async setStatus(code: string, status: VendorStatus, actor: string): Promise<Vendor> {
      const row = await db.transaction(async (tx) => {
        const before = await store.findVendor(tx, code);
        if (!before) throw new AppError('VENDOR_NOT_FOUND');
        const after = await store.updateVendorStatus(tx, code, status);
        if (!after) throw new AppError('VENDOR_NOT_FOUND');
        await recordAudit(tx, {
          actor,
          action: 'vendor.status',
          targetType: 'vendor',
          targetId: code,
          details: { status: { before: before.status, after: after.status } },
        });
        return after;
      });
      await Promise.all(changeListeners.map((listener) => listener()));
      return vendorView(row);
    },
  };
}
export type VendorRegistry = ReturnType<typeof createVendorRegistry>;
