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
import { BODY_LIMIT_BYTES } from '../../platform/body-limits.ts';
import { failures, ok } from '../../platform/reply.ts';
import { type OperatorGuards, operatorOf } from '../operators/operator-guards.ts';
import type { SystemService } from '../system/system.service.ts';

const tags = ['ops'];
const security = [{ opsToken: [] }];

/** ADMIN calls for maintenance, feature modules and region restriction; every change is audited. */
export const opsRoutes: FastifyPluginAsyncZod<{
  system: SystemService;
  operatorGuards: OperatorGuards;
}> = async (app, { system, operatorGuards }) => {
  app.addHook('onRequest', operatorGuards.require('ADMIN'));

  app.get(
    OpsPaths.maintenance,
    { schema: { tags, security, response: { 200: MaintenanceStateResponseSchema, ...failures(401, 403) } } },
    async () => ok(await system.maintenanceState()),
  );

  app.put(
    OpsPaths.maintenance,
    {
      schema: {
        tags,
        security,
        body: MaintenanceSwitchSchema,
        response: { 200: MaintenanceStateResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      await system.setMaintenance(request.body.enabled, operatorOf(request));
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
        response: { 201: envelopeOf(MaintenanceWindowSchema), ...failures(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const window = await system.addMaintenanceWindow(
        new Date(request.body.startsAt),
        new Date(request.body.endsAt),
        operatorOf(request),
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
        response: { 200: MaintenanceStateResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await system.removeMaintenanceWindow(request.params.id, operatorOf(request));
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
        response: { 200: ModuleSwitchResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await system.setModuleEnabled(request.params.modId, request.body.enabled, operatorOf(request));
      return ok({ modId: request.params.modId, enabled: request.body.enabled });
    },
  );

  app.get(
    OpsPaths.regionRules,
    { schema: { tags, security, response: { 200: RegionRulesResponseSchema, ...failures(401, 403) } } },
    async () => ok(system.regionRules()),
  );

  app.put(
    OpsPaths.regionRules,
    {
      bodyLimit: BODY_LIMIT_BYTES.operatorWrite,
      schema: {
        tags,
        security,
        body: RegionRulesSchema,
        response: { 200: RegionRulesResponseSchema, ...failures(400, 401, 403) },
      },
    },
    async (request) => ok(await system.setRegionRules(request.body, operatorOf(request))),
  );
};
