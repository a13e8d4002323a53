import { type Permission, SystemStatus, type SystemStatusValue } from '@fortuna/contracts/system';

/** Spec 4.1: the start-up view follows the permission flags; maintenance wins over restriction. */
export function deriveSystemStatus(
  permission: Pick<Permission, 'maintenance' | 'regionRestriction'>,
): SystemStatusValue {
  if (permission.maintenance) return SystemStatus.MAINTENANCE;
  if (permission.regionRestriction) return SystemStatus.RESTRICTED;
  return SystemStatus.NORMAL;
}
