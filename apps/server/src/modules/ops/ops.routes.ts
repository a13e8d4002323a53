import { envelopeOf } from '@fortuna/contracts/envelope';
import {
  MaintenanceStateResponseSchema,
  MaintenanceSwitchSchema,
  MaintenanceWindowInputSchema,
  MaintenanceWindowSchema,
  ModuleParamsSchema,
  ModuleSwitchResponseSchema,
  ModuleSwitchSchema,
  OpsPaths,
  RegionRulesResponseSchema,
  RegionRulesSchema,
} from '@fortuna/contracts/ops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok } from '../../platform/reply.ts';
import type { SystemService } from '../system/system.service.ts';
import { createOpsGuard } from './ops-auth.ts';

const tags = ['ops'];
const security = [{ opsToken: [] }];

/** Operator calls for maintenance and region restriction; present only when OPS_TOKEN is set. */
export const opsRoutes: FastifyPluginAsyncZod<{ system: SystemService; opsToken: string }> = async (
  app,
  { system, opsToken },
) => {
  app.addHook('onRequest', createOpsGuard(opsToken));

  app.get(
    OpsPaths.maintenance,
    { schema: { tags, security, response: { 200: MaintenanceStateResponseSchema, ...failures(401) } } },
    async () => ok(await system.maintenanceState()),
  );

  app.put(
    OpsPaths.maintenance,
    {
      schema: {
        tags,
        security,
        body: MaintenanceSwitchSchema,
        response: { 200: MaintenanceStateResponseSchema, ...failures(400, 401) },
      },
    },
    async (request) => {
      await system.setMaintenance(request.body.enabled);
      return ok(await system.maintenanceState());
    },
  );

  app.post(
    OpsPaths.maintenanceWindows,
    {
      schema: {
        tags,
        security,
        body: MaintenanceWindowInputSchema,
        response: { 201: envelopeOf(MaintenanceWindowSchema), ...failures(400, 401) },
      },
    },
    async (request, reply) => {
      const window = await system.addMaintenanceWindow(
        new Date(request.body.startsAt),
        new Date(request.body.endsAt),
      );
      return reply.status(201).send(ok(window));
    },
  );

  app.delete(
    OpsPaths.maintenanceWindow,
    {
      schema: {
        tags,
        security,
        params: z.object({ id: z.uuid() }),
        response: { 200: MaintenanceStateResponseSchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      await system.removeMaintenanceWindow(request.params.id);
      return ok(await system.maintenanceState());
    },
  );

  app.put(
    OpsPaths.module,
    {
      schema: {
        tags,
        security,
        params: ModuleParamsSchema,
        body: ModuleSwitchSchema,
        response: { 200: ModuleSwitchResponseSchema, ...failures(400, 401, 404) },
      },
    },
    async (request) => {
      await system.setModuleEnabled(request.params.modId, request.body.enabled);
      return ok({ modId: request.params.modId, enabled: request.body.enabled });
    },
  );

  app.get(
    OpsPaths.regionRules,
    { schema: { tags, security, response: { 200: RegionRulesResponseSchema, ...failures(401) } } },
    async () => ok(system.regionRules()),
  );

  app.put(
    OpsPaths.regionRules,
    {
      schema: {
        tags,
        security,
        body: RegionRulesSchema,
        response: { 200: RegionRulesResponseSchema, ...failures(400, 401) },
      },
    },
    async (request) => ok(await system.setRegionRules(request.body)),
  );
};
