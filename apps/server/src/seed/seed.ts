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
 * Seeds the demo site configuration on a database that has none. Idempotent: the settings row
 * is written last in the same transaction, so its presence means the whole seed is there.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
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
    await tx.insert(customerServiceEntries).values(demoCustomerService);
    await tx.insert(siteResources).values(demoResources);
    await tx.insert(domainRoutes).values(demoDomainRoutes);
    await tx.insert(helpArticles).values(demoHelpArticles);
    await tx.insert(siteSettings).values(demoSiteSettings);
    return true;
  });
}
