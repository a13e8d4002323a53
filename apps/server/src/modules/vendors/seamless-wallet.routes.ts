import { text } from '@fortuna/contracts/input-guard';
import {
  VENDOR_BATCH_BODY_LIMIT_BYTES,
  VENDOR_BODY_LIMIT_BYTES,
  VENDOR_REPLAY_HEADER,
  VendorBalanceRequestSchema,
  VendorBalanceResponseSchema,
  type VendorCall,
  VendorCorrectionRequestSchema,
  VendorCreditBatchRequestSchema,
  VendorCreditBatchResponseSchema,
  VendorCreditRequestSchema,
  VendorDebitRequestSchema,
  VendorProtocolPaths,
  VendorRollbackRequestSchema,
  VendorTransactionResponseSchema,
} from '@fortuna/contracts/vendor-protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failures, ok } from '../../platform/reply.ts';
import type { Movement } from './seamless-movements.ts';
import type { SeamlessWallet } from './seamless-wallet.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawVendorBody?: string;
  }
}

const ParamsSchema = z.object({ vendorCode: text().max(64) });
type VendorRequest = FastifyRequest<{ Params: z.infer<typeof ParamsSchema> }>;

const summaries: Record<Exclude<VendorCall, 'balance' | 'credits'>, string> = {
  debit: 'A bet: takes the amount from the player (refused in maintenance)',
  credit: 'A win settling the round ("0" for a lost round)',
  rollback: 'Refunds one debit of a round not yet settled',
  correction: 'Corrects a settled round: a compensating credit or debit with its reason',
};
const requestSchemas = {
  debit: VendorDebitRequestSchema,
  credit: VendorCreditRequestSchema,
  rollback: VendorRollbackRequestSchema,
  correction: VendorCorrectionRequestSchema,
};

/**
 * The seamless-wallet API that vendors call, signed over the exact bytes sent: this plugin
 * (encapsulated, nothing else affected) keeps JSON bodies as text, and the service checks the
 * signature before it parses them. The body schemas here only document the calls.
 */
export const seamlessWalletRoutes: FastifyPluginAsyncZod<{ seamless: SeamlessWallet }> = async (
  app,
  { seamless },
) => {
  // JSON only: any other content type is refused with 415 before the service sees it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: VENDOR_BODY_LIMIT_BYTES },
    (request, body, done) => {
      request.rawVendorBody = body as string;
      done(null, undefined);
    },
  );
  const raw = (request: FastifyRequest) => request.rawVendorBody ?? '';

  app.post(
    VendorProtocolPaths.balance,
    {
      schema: {
        tags: ['vendor protocol'],
        summary: "The player's balance (signed, server to server)",
        params: ParamsSchema,
        description: `Body: ${JSON.stringify(z.toJSONSchema(VendorBalanceRequestSchema))}`,
        response: { 200: VendorBalanceResponseSchema, ...failures(400, 401, 403, 404, 415) },
      },
    },
    async (request) => ok(await seamless.balance(request.params.vendorCode, request.headers, raw(request))),
  );

  app.post(
    VendorProtocolPaths.credits,
    {
      // Up to VENDOR_CREDIT_BATCH_MAX credits; the route's limit overrides the parser's.
      bodyLimit: VENDOR_BATCH_BODY_LIMIT_BYTES,
      schema: {
        tags: ['vendor protocol'],
        summary:
          'Many credits in one call, each applied as the credit call would, each answered on its own (signed, server to server)',
        params: ParamsSchema,
        description: `Body: ${JSON.stringify(z.toJSONSchema(VendorCreditBatchRequestSchema))}`,
        response: { 200: VendorCreditBatchResponseSchema, ...failures(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request: VendorRequest) =>
      ok(await seamless.credits(request.params.vendorCode, request.headers, raw(request))),
  );

  const answer = (reply: FastifyReply, movement: Movement) => {
    if (movement.replayed) reply.header(VENDOR_REPLAY_HEADER, 'true');
    return ok(movement.answer);
  };
  for (const call of ['debit', 'credit', 'rollback', 'correction'] as const) {
    app.post(
      VendorProtocolPaths[call],
      {
        schema: {
          tags: ['vendor protocol'],
          summary: `${summaries[call]} (signed, server to server)`,
          description: `Body: ${JSON.stringify(z.toJSONSchema(requestSchemas[call]))}`,
          params: ParamsSchema,
          response: {
            200: VendorTransactionResponseSchema,
            ...failures(400, 401, 403, 404, 409, 413, 415, 503),
          },
        },
      },
      async (request: VendorRequest, reply) =>
        answer(reply, await seamless[call](request.params.vendorCode, request.headers, raw(request))),
    );
  }
};
