import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import {
  customerServiceEntries,
  domainRoutes,
  helpArticles,
  maintenanceWindows,
  regionRules,
  registerFieldRules,
  siteResources,
  siteSettings,
  whitelabelModules,
} from './system.schema.ts';

export type RegionRuleKind = 'ALLOW_COUNTRY' | 'BLOCK_COUNTRY' | 'ALLOW_CIDR' | 'BLOCK_CIDR';

/** Everything the public site configuration is made of, read in one go. */
export async function readSiteConfiguration(db: Executor) {
  const [settings, modules, fieldRules, customerService, resources, routes, windows, region] =
    await Promise.all([
      db.select().from(siteSettings).where(eq(siteSettings.id, 1)),
      db.select().from(whitelabelModules).orderBy(asc(whitelabelModules.sort), asc(whitelabelModules.modId)),
      db
        .select()
        .from(registerFieldRules)
        .orderBy(asc(registerFieldRules.sort), asc(registerFieldRules.field)),
      db
        .select()
        .from(customerServiceEntries)
        .orderBy(asc(customerServiceEntries.sort), asc(customerServiceEntries.id)),
      db.select().from(siteResources).orderBy(asc(siteResources.sort), asc(siteResources.id)),
      db.select().from(domainRoutes).orderBy(asc(domainRoutes.domain)),
      db.select().from(maintenanceWindows).orderBy(asc(maintenanceWindows.startsAt)),
      db.select().from(regionRules),
    ]);
  return { settings: settings[0], modules, fieldRules, customerService, resources, routes, windows, region };
}
export type SiteConfigurationRows = Awaited<ReturnType<typeof readSiteConfiguration>>;

export function readHelpArticles(db: Executor, languages: string[], device: string) {
  return db
    .select()
    .from(helpArticles)
    .where(or(eq(helpArticles.device, device), eq(helpArticles.device, 'ALL')))
    .orderBy(asc(helpArticles.sort), asc(helpArticles.id))
    .then((rows) => rows.filter((row) => languages.includes(row.lang)));
}

export function readMaintenanceWindows(db: Executor) {
  return db.select().from(maintenanceWindows).orderBy(asc(maintenanceWindows.startsAt));
}

export async function readMaintenanceEnabled(db: Executor): Promise<boolean> {
  const [row] = await db.select({ enabled: siteSettings.maintenanceEnabled }).from(siteSettings);
  return row?.enabled ?? false;
}

export async function writeMaintenanceEnabled(db: Executor, enabled: boolean): Promise<void> {
  await db
    .update(siteSettings)
    .set({ maintenanceEnabled: enabled, updatedAt: new Date() })
    .where(eq(siteSettings.id, 1));
}

export async function insertMaintenanceWindow(db: Executor, startsAt: Date, endsAt: Date) {
  const [row] = await db.insert(maintenanceWindows).values({ startsAt, endsAt }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function deleteMaintenanceWindow(db: Executor, id: string): Promise<boolean> {
  const deleted = await db.delete(maintenanceWindows).where(eq(maintenanceWindows.id, id)).returning();
  return deleted.length > 0;
}

export async function writeModuleEnabled(db: Executor, modId: string, enabled: boolean): Promise<boolean> {
  const updated = await db
    .update(whitelabelModules)
    .set({ enabled: enabled ? '1' : '0' })
    .where(eq(whitelabelModules.modId, modId))
    .returning({ modId: whitelabelModules.modId });
  return updated.length > 0;
}

export function readRegionRules(db: Executor) {
  return db.select().from(regionRules);
}

export async function replaceRegionRules(
  db: Executor,
  rules: { kind: RegionRuleKind; value: string }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(regionRules)
      .where(inArray(regionRules.kind, ['ALLOW_COUNTRY', 'BLOCK_COUNTRY', 'ALLOW_CIDR', 'BLOCK_CIDR']));
    if (rules.length > 0) await tx.insert(regionRules).values(rules);
  });
}
