import {
  customerServiceEntries,
  domainRoutes,
  helpArticles,
  registerFieldRules,
  siteResources,
  siteSettings,
  whitelabelModules,
} from '../modules/system/system.schema.ts';
import type { Database } from '../platform/db/database.ts';
import { demoHelpArticles } from './help-articles.ts';
import {
  demoCustomerService,
  demoDomainRoutes,
  demoModules,
  demoRegisterFieldRules,
  demoResources,
  demoSiteSettings,
} from './site-configuration.ts';

/**
 * Seeds what a site needs to start, on a database that has none: the brand, languages and
 * currency, feature flags, registration rules and domain routes. No contacts, no content, no
 * accounts: production starts from this. Idempotent: the settings row is written last in the same
 * transaction, so its presence means the whole skeleton is there.
 */
export async function seedSiteSkeleton(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two nodes starting on an empty database: the second waits here, then finds the seed.
    await tx.execute('select pg_advisory_xact_lock(4242018)');
    const existing = await tx.select({ id: siteSettings.id }).from(siteSettings);
    if (existing.length > 0) return false;

    const modules = demoModules.flatMap((parent, parentIndex) => [
      { modId: parent.modId, parentModId: null, enabled: parent.enabled, sort: parentIndex * 100 },
      ...(parent.children ?? []).map((child, childIndex) => ({
        modId: child.modId,
        parentModId: parent.modId,
        enabled: child.enabled,
        sort: parentIndex * 100 + childIndex + 1,
      })),
    ]);
    await tx.insert(whitelabelModules).values(modules);
    await tx
      .insert(registerFieldRules)
      .values(demoRegisterFieldRules.map((rule, sort) => ({ ...rule, sort })));
    await tx.insert(domainRoutes).values(demoDomainRoutes);
    await tx.insert(siteSettings).values(demoSiteSettings);
    return true;
  });
}

/**
 * The demo brand's customer service contacts (placeholder links), footer links and help centre,
 * each only into a table that is still empty: an operator's own entries are never mixed with them.
 */
export async function seedDemoSiteContent(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(4242020)');
    if (
      (await tx.select({ id: customerServiceEntries.id }).from(customerServiceEntries).limit(1)).length === 0
    )
      await tx.insert(customerServiceEntries).values(demoCustomerService);
    if ((await tx.select({ id: siteResources.id }).from(siteResources).limit(1)).length === 0)
      await tx.insert(siteResources).values(demoResources);
    if ((await tx.select({ id: helpArticles.id }).from(helpArticles).limit(1)).length === 0)
      await tx.insert(helpArticles).values(demoHelpArticles);
  });
}

/** The demo site configuration: the skeleton and the demo brand's contacts and help (tests use it). */
export async function seedDemoData(db: Database): Promise<boolean> {
  const seeded = await seedSiteSkeleton(db);
  await seedDemoSiteContent(db);
  return seeded;
}
