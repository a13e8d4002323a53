import { envelopeOf } from '@fortuna/contracts/envelope';
import {
  VendorCodeSchema,
  VendorOpsPaths,
  VendorSchema,
  VendorStatusUpdateSchema,
} from '@fortuna/contracts/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok } from '../../platform/reply.ts';
import { type OperatorGuards, operatorOf } from '../operators/operator-guards.ts';
import type { VendorRegistry } from './vendor-registry.ts';

/** The operator's view of the vendor registry: never a secret; status changes audited. */
export const vendorOpsRoutes: FastifyPluginAsyncZod<{
  registry: VendorRegistry;
  operatorGuards: OperatorGuards;
}> = async (app, { registry, operatorGuards }) => {
  app.get(
    VendorOpsPaths.vendors,
    {
      onRequest: operatorGuards.require('ADMIN'),
      schema: {
        tags: ['ops'],
        summary: 'Every vendor with its status and wallet mode',
        response: { 200: envelopeOf(z.array(VendorSchema)), ...failures(401, 403) },
      },
    },
    async () => ok(await registry.list()),
  );

  app.put(
    VendorOpsPaths.status,
    {
      onRequest: operatorGuards.require('ADMIN'),
      schema: {
        tags: ['ops'],
        summary: 'Puts a vendor in maintenance, disables or re-activates it (audited)',
        params: z.object({ code: VendorCodeSchema }),
        body: VendorStatusUpdateSchema,
        response: { 200: envelopeOf(VendorSchema), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(await registry.setStatus(request.params.code, request.body.status, operatorOf(request).actor)),
  );
};
