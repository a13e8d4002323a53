import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { asTextId, text } from './input-guard.ts';

/**
 * Operator calls, guarded by the OPS_TOKEN bearer secret until the operator console and its
 * accounts exist. Disabled entirely when OPS_TOKEN is unset.
 */
export const OpsPaths = {
  maintenance: '/ops/system/maintenance',
  maintenanceWindows: '/ops/system/maintenance/windows',
  maintenanceWindow: '/ops/system/maintenance/windows/:id',
  regionRules: '/ops/system/region',
  /** Switches a whitelabel module, i.e. a feature flag of spec 6 or its parent group. */
  module: '/ops/system/modules/:modId',
} as const;

export const ModuleParamsSchema = z.object({ modId: asTextId(text().regex(/^[A-Z0-9_]{2,40}$/)) });
export const ModuleSwitchSchema = z.object({ enabled: z.boolean() });
export const ModuleSwitchResponseSchema = envelopeOf(
  z.object({ modId: asTextId(text()), enabled: z.boolean() }),
);

export const MaintenanceSwitchSchema = z.object({ enabled: z.boolean() });

export const MaintenanceWindowInputSchema = z
  .object({
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
  })
  .refine((w) => Date.parse(w.endsAt) > Date.parse(w.startsAt), {
    path: ['endsAt'],
    message: 'endsAt must be after startsAt',
  });
export const MaintenanceWindowSchema = z.object({
  id: z.uuid(),
  startsAt: text(),
  endsAt: text(),
});
export const MaintenanceStateSchema = z.object({
  enabled: z.boolean(),
  windows: z.array(MaintenanceWindowSchema),
});

const countryCode = text().regex(/^[A-Z]{2}$/, 'an ISO 3166 alpha-2 code in capitals');
const cidr = text().min(3).max(49).describe('an IPv4 or IPv6 network, e.g. 203.0.113.0/24');
export const RegionRulesSchema = z.object({
  allowedCountries: z.array(countryCode).max(300),
  blockedCountries: z.array(countryCode).max(300),
  allowedCidrs: z.array(cidr).max(10_000),
  blockedCidrs: z.array(cidr).max(10_000),
});
export type RegionRules = z.infer<typeof RegionRulesSchema>;

export const MaintenanceStateResponseSchema = envelopeOf(MaintenanceStateSchema);
export const RegionRulesResponseSchema = envelopeOf(RegionRulesSchema);
