import { HOUSE_VENDOR_CODE, VendorOpsPaths } from '@fortuna/contracts/games';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedVendors } from '../../seed/vendors.ts';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { auditLog } from '../operators/operators.schema.ts';
import { vendors } from './vendors.schema.ts';
import { findVendor } from './vendors.store.ts';
import { TEST_VENDOR_SECRET, testVendor } from './vendors.test-helpers.ts';

const HOUSE_SECRET = 'house-vendor-secret-for-tests';

describeEachDatabase('vendor registry: seed and operator calls', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    await seedVendors(database().db);
    app = await buildTestApp(database(), { HOUSE_VENDOR_SECRET: HOUSE_SECRET });
  });
  afterAll(() => app.close());

  const statusPath = (code: string) => VendorOpsPaths.status.replace(':code', code);

  it('when the platform starts with HOUSE_VENDOR_SECRET, then the seeded house vendor is seamless with that secret, and JDB and CQ9 are transfer vendors', async () => {
    const house = await findVendor(database().db, HOUSE_VENDOR_CODE);
    expect(house).toMatchObject({
      name: 'Fortuna Originals',
      walletMode: 'SEAMLESS',
      status: 'ACTIVE',
      sharedSecret: HOUSE_SECRET,
    });
    expect((await findVendor(database().db, 'JDB'))?.walletMode).toBe('TRANSFER');
    expect((await findVendor(database().db, 'CQ9'))?.walletMode).toBe('TRANSFER');
    await seedVendors(database().db);
    expect((await findVendor(database().db, HOUSE_VENDOR_CODE))?.sharedSecret).toBe(HOUSE_SECRET);
  });

  it('when an operator lists the vendors, then each comes with status and wallet mode and no secret anywhere', async () => {
    await testVendor(database().db);
    const answer = await app.inject({ method: 'GET', url: VendorOpsPaths.vendors, headers: opsHeaders });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().value.map((vendor: { code: string }) => vendor.code)).toContain(HOUSE_VENDOR_CODE);
    expect(answer.body).not.toContain(HOUSE_SECRET);
    expect(answer.body).not.toContain(TEST_VENDOR_SECRET);
    expect(answer.body).not.toMatch(/secret/i);
  });

  it('when an operator puts a vendor in maintenance, then its status changes and the change is audited', async () => {
    const vendor = await testVendor(database().db);
    const answer = await app.inject({
      method: 'PUT',
      url: statusPath(vendor.code),
      headers: opsHeaders,
      payload: { status: 'MAINTENANCE' },
    });
    expect(answer.json().value).toMatchObject({ code: vendor.code, status: 'MAINTENANCE' });
    const [row] = await database().db.select().from(vendors).where(eq(vendors.code, vendor.code));
    expect(row?.status).toBe('MAINTENANCE');
    const audits = await database()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'vendor.status'), eq(auditLog.targetId, vendor.code)));
    expect(audits.map((audit) => audit.details)).toEqual([
      { status: { before: 'ACTIVE', after: 'MAINTENANCE' } },
    ]);
  });

  it('when the caller is no operator, the status is unknown or the vendor does not exist, then the change is refused and nothing changes', async () => {
    const vendor = await testVendor(database().db);
    const put = (
      code: string,
      payload: Record<string, string>,
      headers: Record<string, string> = opsHeaders,
    ) => app.inject({ method: 'PUT', url: statusPath(code), headers, payload });
    expect((await put(vendor.code, { status: 'DISABLED' }, {})).statusCode).toBe(401);
    const badStatus = await put(vendor.code, { status: 'PAUSED' });
    expect([badStatus.statusCode, badStatus.json().value.issues[0].field]).toEqual([400, 'body.status']);
    expect((await put('NOSUCH', { status: 'DISABLED' })).json().code).toBe('VENDOR_NOT_FOUND');
    expect((await findVendor(database().db, vendor.code))?.status).toBe('ACTIVE');
  });
});
