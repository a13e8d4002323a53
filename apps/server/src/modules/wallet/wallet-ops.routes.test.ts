import { WalletCallPaths, WalletOpsPaths, WalletSettingsResponseSchema } from '@fortuna/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoMembers } from '../../seed/demo-members.ts';
import { seedDemoOperators } from '../../seed/demo-operators.ts';
import {
  demoTransferWalletVendors,
  demoWalletSettings,
  seedDemoLine,
  seedWalletSettings,
} from '../../seed/wallet-settings.ts';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { demoOperatorHeaders } from '../../test/operator-sessions.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { members } from '../identity/identity.schema.ts';
import { auditLog } from '../operators/operators.schema.ts';
import { transferWalletVendors, walletSettings } from './wallet.schema.ts';
import { call } from './wallet.test-helpers.ts';

describeEachDatabase('wallet settings: seed and the operator switch', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    await seedDemoOperators(database().db);
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  const switchTo = (headers: Record<string, string>, body: unknown) =>
    call(app, 'PUT', WalletOpsPaths.settings, headers, body);
  const modeAudits = () =>
    database()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'wallet.settings.mode'), eq(auditLog.targetType, 'wallet_settings')))
      .orderBy(auditLog.id);

  const operatorToken = (username: string) => demoOperatorHeaders(app, username);

  it('when the seed runs again after an operator change, then the settings and vendors exist once and the change stays', async () => {
    await database().db.update(walletSettings).set({ transferMinMinor: 500n });
    await seedWalletSettings(database().db);
    const rows = await database().db.select().from(walletSettings);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...demoWalletSettings, transferMinMinor: 500n });
    expect(await database().db.select().from(transferWalletVendors)).toHaveLength(
      demoTransferWalletVendors.length,
    );
    await database().db.update(walletSettings).set({ transferMinMinor: demoWalletSettings.transferMinMinor });
  });

  it("when the demo line is seeded twice, then demo01's upline is agent01", async () => {
    const db = database().db;
    await seedDemoMembers(db);
    await seedDemoLine(db);
    await seedDemoLine(db);
    const [agent] = await db.select().from(members).where(eq(members.username, 'agent01'));
    const [demo] = await db.select().from(members).where(eq(members.username, 'demo01'));
    expect(demo?.uplineId).toBe(agent?.id);
  });

  it('when an admin switches to transfer wallets and back, then members see it at once and each switch is audited', async () => {
    const member = await loggedInMember(database().db, { withPaymentPassword: false });
    const auditsBefore = (await modeAudits()).length;
    const admin = await operatorToken('admin01');

    const toTransfer = await switchTo(admin, { isSingle: false });
    expect(toTransfer.status).toBe(200);
    expect(WalletSettingsResponseSchema.parse(toTransfer.body).value).toMatchObject({
      isSingle: false,
      transferMinMinor: '100',
    });
    expect((await call(app, 'GET', WalletCallPaths.merchantWallet, member.headers)).body.value).toEqual({
      isSingle: false,
    });

    expect((await switchTo(opsHeaders, { isSingle: true })).status).toBe(200);
    expect((await call(app, 'GET', WalletCallPaths.merchantWallet, member.headers)).body.value).toEqual({
      isSingle: true,
    });

    const audits = await modeAudits();
    expect(audits).toHaveLength(auditsBefore + 2);
    expect(audits.map((row) => row.actor)).toEqual(
      expect.arrayContaining(['ops-token', expect.stringMatching(/^operator:\d+$/)]),
    );
    expect(audits.at(-1)?.details).toEqual({ isSingle: { before: false, after: true } });
  });

  it('when a finance operator, a member or nobody switches, then 403 / 401 and nothing changes or is audited', async () => {
    const auditsBefore = (await modeAudits()).length;
    const finance = await operatorToken('finance01');
    expect((await switchTo(finance, { isSingle: false })).status).toBe(403);
    const member = await loggedInMember(database().db, { withPaymentPassword: false });
    expect((await switchTo(member.headers, { isSingle: false })).status).toBe(401);
    expect((await switchTo({}, { isSingle: false })).status).toBe(401);
    // Finance may read the settings.
    expect((await call(app, 'GET', WalletOpsPaths.settings, finance)).body.value.isSingle).toBe(true);
    expect((await modeAudits()).length).toBe(auditsBefore);
  });

  it.each([[{}], [{ isSingle: 'yes' }], [{ isSingle: null }]])(
    'when the body is %j, then 400 names body.isSingle',
    async (body) => {
      const refused = await switchTo(opsHeaders, body);
      expect(refused.status).toBe(400);
      expect(refused.body.value.issues[0].field).toBe('body.isSingle');
    },
  );
});
