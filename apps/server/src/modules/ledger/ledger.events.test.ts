import type { BalanceEvent } from '@fortuna/contracts/events';
import { beforeAll, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/after-commit.ts';
import { createInProcessMemberEvents } from '../../platform/member-events.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { createLedgerService, type LedgerService } from './ledger.service.ts';
import { move, newKey, posting } from './ledger.test-helpers.ts';

describeEachDatabase('ledger balance events', (database) => {
  const memberEvents = createInProcessMemberEvents();
  const warnings: string[] = [];
  let ledger: LedgerService;
  let houseId: bigint;
  beforeAll(async () => {
    ledger = createLedgerService({
      db: database().db,
      currency: () => 'PHP',
      memberEvents,
      warn: (message) => warnings.push(message),
    });
    houseId = (await ledger.systemAccount('HOUSE')).id;
  });

  /** A new member and everything their pages would hear from now on. */
  async function listeningMember() {
    const member = await createMember(database().db);
    const heard: BalanceEvent[] = [];
    await memberEvents.subscribe(member.id, (event) => {
      if (event.type === 'balance') heard.push(event);
    });
    return { member, heard, mainId: (await ledger.mainAccountOf(member.id)).id };
  }

  it('when a posting moves money between two members, then each hears their own new balance', async () => {
    const alice = await listeningMember();
    const bob = await listeningMember();
    await ledger.post(posting(move(houseId, alice.mainId, 1_000n)));
    await ledger.post(posting(move(alice.mainId, bob.mainId, 300n), { type: 'TRANSFER' }));
    expect(alice.heard).toEqual([
      { type: 'balance', wallet: 'MAIN', balanceMinor: '1000' },
      { type: 'balance', wallet: 'MAIN', balanceMinor: '700' },
    ]);
    expect(bob.heard).toEqual([{ type: 'balance', wallet: 'MAIN', balanceMinor: '300' }]);
  });

  it('when money moves to a vendor transfer wallet, then both of the member’s wallets are told, by code', async () => {
    const alice = await listeningMember();
    const vendorWallet = await ledger.vendorAccountOf(alice.member.id, 'JDB');
    await ledger.post(posting(move(houseId, alice.mainId, 500n)));
    await ledger.post(posting(move(alice.mainId, vendorWallet.id, 200n), { type: 'TRANSFER' }));
    expect(alice.heard.slice(1)).toEqual(
      expect.arrayContaining([
        { type: 'balance', wallet: 'MAIN', balanceMinor: '300' },
        { type: 'balance', wallet: 'JDB', balanceMinor: '200' },
      ]),
    );
    expect(alice.heard).toHaveLength(3);
  });

  it('when a request is replayed or refused, then nobody hears anything more', async () => {
    const alice = await listeningMember();
    const request = posting(move(houseId, alice.mainId, 50n));
    await ledger.post(request);
    expect((await ledger.post(request)).replayed).toBe(true);
    await expect(ledger.post(posting(move(alice.mainId, houseId, 51n)))).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(alice.heard).toEqual([{ type: 'balance', wallet: 'MAIN', balanceMinor: '50' }]);
  });

  it('when a transaction is reversed, then the member hears the balance after the reversal', async () => {
    const alice = await listeningMember();
    const original = await ledger.post(posting(move(houseId, alice.mainId, 80n)));
    await ledger.reverse(original.id, { actor: 'system', idempotencyKey: newKey('reverse'), reason: 'test' });
    expect(alice.heard.map((event) => event.balanceMinor)).toEqual(['80', '0']);
  });

  it('when the caller’s transaction was not opened with inTransaction, then no event goes out and a warning says why', async () => {
    const alice = await listeningMember();
    const request = posting(move(houseId, alice.mainId, 10n));
    await database().db.transaction((tx) => ledger.post(request, tx));
    expect(alice.heard).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining(request.idempotencyKey)]);
  });

  it('when postings commit with a caller’s transaction, then the events come after the commit, one per member wallet', async () => {
    const alice = await listeningMember();
    const heardAtCommit = await inTransaction(database().db, async (tx) => {
      await ledger.post(posting(move(houseId, alice.mainId, 10n)), tx);
      await ledger.post(posting(move(houseId, alice.mainId, 15n)), tx);
      return alice.heard.length;
    });
    expect(heardAtCommit).toBe(0);
    expect(alice.heard.map((event) => event.balanceMinor)).toEqual(['10', '25']);
  });
});
