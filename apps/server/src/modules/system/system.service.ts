import type { FeatureFlag } from '@fortuna/contracts/feature-flags';
import type { RegionRules } from '@fortuna/contracts/ops';
import {
  type HelpCategory,
  isModuleEnabled,
  type SiteInfo,
  SystemStatus,
  type SystemStatusValue,
} from '@fortuna/contracts/system';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { CountryLookup } from '../../platform/geoip.ts';
import { type GzipHead, gzipHead, gzipWithTail } from '../../platform/gzip-splice.ts';
import { recordAudit } from '../operators/audit.ts';
import { groupHelpArticles } from './help-center.ts';
import { type CompiledRegionPolicy, compileRegionPolicy, isValidCidr } from './region.ts';
import { buildSiteInfo } from './site-info.ts';
import * as store from './system.store.ts';

interface Snapshot {
  info: SiteInfo;
  /**
   * The permission answer up to and including `info`, encoded once per load: every answer starts
   * with these bytes. Encoding a 6 KB string per request (it holds '₱', so it is not one-byte)
   * cost more than half of the call's throughput; copying ready bytes costs next to nothing.
   */
  permissionHead: Buffer;
  /** The same head deflated once, for visitors whose browser takes gzip (platform/gzip-splice). */
  permissionHeadGzip: GzipHead;
  maintenanceEnabled: boolean;
  windows: { id: string; startsAt: Date; endsAt: Date }[];
  region: CompiledRegionPolicy;
  regionRules: RegionRules;
  helpCache: Map<string, HelpCategory[]>;
  passwordPolicy: PasswordPolicy;
}

/** Who changes the site configuration: the audit log's actor ('operator:3', 'ops-token'). */
interface Actor {
  actor: string;
}

/** Every configuration change is audited in the transaction that makes it. */
function audit(
  tx: Executor,
  by: Actor,
  action: string,
  targetType: string,
  targetId: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  return recordAudit(tx, { actor: by.actor, action, targetType, targetId, details });
}

/** The brand's well-known default password and how long a password lives (with PWDEXPIRY3 on). */
export interface PasswordPolicy {
  defaultPassword: string;
  passwordExpiryDays: number;
}

// A safety net for a missed change event (e.g. Redis briefly down); events make changes immediate.
const REFRESH_INTERVAL_MS = 30_000;

function regionRulesOf(rows: { kind: string; value: string }[]): RegionRules {
  const of = (kind: store.RegionRuleKind) =>
    rows
      .filter((row) => row.kind === kind)
      .map((row) => row.value)
      .sort();
  return {
    allowedCountries: of('ALLOW_COUNTRY'),
    blockedCountries: of('BLOCK_COUNTRY'),
    allowedCidrs: of('ALLOW_CIDR'),
    blockedCidrs: of('BLOCK_CIDR'),
  };
}

/** Where a failed background reload is reported; the node keeps serving its last good snapshot. */
export interface ReloadErrorLog {
  error(details: { err: unknown }, message: string): void;
}

export function createSystemService(deps: {
  db: Database;
  events: EventBus;
  countryOf: CountryLookup;
  log: ReloadErrorLog;
}) {
  const { db, events, countryOf, log } = deps;
  let snapshot: Snapshot | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function reload(): Promise<void> {
    const rows = await store.readSiteConfiguration(db);
    const info = buildSiteInfo(rows);
    const regionRules = regionRulesOf(rows.region);
    // Thousands of networks take a while to compile; the 30 s safety-net reload usually finds
    // the same rules, so it keeps the compiled policy.
    const unchanged = snapshot && JSON.stringify(snapshot.regionRules) === JSON.stringify(regionRules);
    const permissionHead = Buffer.from(`{"success":true,"value":{"info":${JSON.stringify(info)},`);
    snapshot = {
      info,
      permissionHead,
      permissionHeadGzip: gzipHead(permissionHead),
      maintenanceEnabled: rows.settings?.maintenanceEnabled ?? false,
      windows: rows.windows,
      region: unchanged && snapshot ? snapshot.region : compileRegionPolicy(regionRules, countryOf),
      regionRules,
      helpCache: new Map(),
      passwordPolicy: {
        defaultPassword: rows.settings?.defaultPassword ?? '',
        passwordExpiryDays: rows.settings?.passwordExpiryDays ?? 90,
      },
    };
  }

  function current(): Snapshot {
    if (!snapshot) throw new Error('system service used before start()');
    return snapshot;
  }

  /**
   * The end (epoch ms) of the maintenance window in force at `nowMs`, or undefined when none is;
   * overlapping windows count as one that lasts until the latest end.
   */
  function activeWindowEnd(nowMs: number): number | undefined {
    let end: number | undefined;
    for (const window of current().windows) {
      if (window.startsAt.getTime() <= nowMs && nowMs < window.endsAt.getTime())
        end = Math.max(end ?? 0, window.endsAt.getTime());
    }
    return end;
  }

  /** This node reloads before answering the operator; the others hear of it through the bus. */
  async function changed(): Promise<void> {
    await reload();
    await events.publish('site-config.changed');
  }

  return {
    async start(): Promise<void> {
      await reload();
      const reloadInBackground = () =>
        void reload().catch((err: unknown) =>
          log.error({ err }, 'site configuration reload failed: still serving the previous one'),
        );
      await events.subscribe('site-config.changed', reloadInBackground);
      timer = setInterval(reloadInBackground, REFRESH_INTERVAL_MS);
      timer.unref();
    },

    stop(): void {
      if (timer) clearInterval(timer);
    },

    siteInfo: (): SiteInfo => current().info,

    /** A feature flag of spec 6: on when its whitelabel module and every ancestor are enabled. */
    isFlagOn: (flag: FeatureFlag): boolean => isModuleEnabled(current().info.whitelabel, flag),

    passwordPolicy: (): PasswordPolicy => current().passwordPolicy,

    /** Operators switch a whitelabel module (a feature flag or a group of them) on or off. */
    async setModuleEnabled(modId: string, enabled: boolean, by: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await store.writeModuleEnabled(tx, modId, enabled)))
          throw new AppError('NOT_FOUND', { message: `No whitelabel module ${modId}` });
        await audit(tx, by, 'system.module.switch', 'whitelabel_module', modId, { enabled });
      });
      await changed();
    },

    /** Spec 4.1: maintenance (1) wins over region restriction (2). */
    statusOf(ip: string, nowMs = Date.now()): SystemStatusValue {
      if (current().maintenanceEnabled || activeWindowEnd(nowMs) !== undefined)
        return SystemStatus.MAINTENANCE;
      if (current().region.isRestricted(ip)) return SystemStatus.RESTRICTED;
      return SystemStatus.NORMAL;
    },

    /**
     * The permission answer as JSON bytes, gzipped when asked (the head compressed once, the
     * visitor's part stored): the hottest call of the lobby's start-up.
     */
    permissionAnswer(ip: string, nowMs = Date.now(), gzip = false): Buffer {
      const { permissionHead, permissionHeadGzip, maintenanceEnabled, region } = current();
      const until = activeWindowEnd(nowMs);
      const rest = JSON.stringify({
        location: { ip, countryCode: region.countryOf(ip) },
        maintenance: maintenanceEnabled || until !== undefined,
        maintenanceUntil: until === undefined ? null : new Date(until).toISOString(),
        regionRestriction: region.isRestricted(ip),
      });
      // `rest` without its opening brace continues the value object that the head opened.
      const tail = `${rest.slice(1)},"message":"","code":"OK"}`;
      if (gzip) return gzipWithTail(permissionHeadGzip, Buffer.from(tail));
      const answer = Buffer.allocUnsafe(permissionHead.length + Buffer.byteLength(tail));
      permissionHead.copy(answer);
      answer.write(tail, permissionHead.length);
      return answer;
    },

    async helpCenter(lang: string, device: string): Promise<HelpCategory[]> {
      const { info, helpCache } = current();
      if (!info.languages.some((language) => language.code === lang)) {
        throw new AppError('UNSUPPORTED_LANGUAGE', {
          message: `query.lang: ${lang} is not one of this site's languages`,
          issues: [
            {
              field: 'query.lang',
              message: `must be one of ${info.languages.map((l) => l.code).join(', ')}`,
            },
          ],
        });
      }
      const key = `${lang}:${device}`;
      const cached = helpCache.get(key);
      if (cached) return cached;
      const rows = await store.readHelpArticles(db, [lang, info.defaultLanguage], device);
      const categories = groupHelpArticles(rows, lang);
      helpCache.set(key, categories);
      return categories;
    },

    async maintenanceState() {
      const [enabled, windows] = await Promise.all([
        store.readMaintenanceEnabled(db),
        store.readMaintenanceWindows(db),
      ]);
      return {
        enabled,
        windows: windows.map((w) => ({
          id: w.id,
          startsAt: w.startsAt.toISOString(),
          endsAt: w.endsAt.toISOString(),
        })),
      };
    },

    async setMaintenance(enabled: boolean, by: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        await store.writeMaintenanceEnabled(tx, enabled);
        await audit(tx, by, 'system.maintenance.switch', 'site_settings', '1', { enabled });
      });
      await changed();
    },

    async addMaintenanceWindow(startsAt: Date, endsAt: Date, by: Actor) {
      const row = await db.transaction(async (tx) => {
        const inserted = await store.insertMaintenanceWindow(tx, startsAt, endsAt);
        await audit(tx, by, 'system.maintenance.window.add', 'maintenance_window', inserted.id, {
          startsAt,
          endsAt,
        });
        return inserted;
      });
      await changed();
      return { id: row.id, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() };
    },

    async removeMaintenanceWindow(id: string, by: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await store.deleteMaintenanceWindow(tx, id)))
          throw new AppError('NOT_FOUND', { message: 'No such maintenance window' });
        await audit(tx, by, 'system.maintenance.window.remove', 'maintenance_window', id);
      });
      await changed();
    },

    regionRules: (): RegionRules => current().regionRules,

    async setRegionRules(rules: RegionRules, by: Actor): Promise<RegionRules> {
      for (const key of ['allowedCidrs', 'blockedCidrs'] as const) {
        const bad = rules[key].findIndex((cidr) => !isValidCidr(cidr));
        if (bad >= 0)
          throw AppError.invalidField(`body.${key}.${bad}`, `"${rules[key][bad]}" is not a CIDR network`);
      }
      const unique = (values: string[]) => [...new Set(values)];
      await db.transaction(async (tx) => {
        await store.replaceRegionRules(tx, [
          ...unique(rules.allowedCountries).map((value) => ({ kind: 'ALLOW_COUNTRY' as const, value })),
          ...unique(rules.blockedCountries).map((value) => ({ kind: 'BLOCK_COUNTRY' as const, value })),
          ...unique(rules.allowedCidrs).map((value) => ({ kind: 'ALLOW_CIDR' as const, value })),
          ...unique(rules.blockedCidrs).map((value) => ({ kind: 'BLOCK_CIDR' as const, value })),
        ]);
        await audit(tx, by, 'system.region.replace', 'region_rules', 'all', { rules });
      });
      await changed();
      return current().regionRules;
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
