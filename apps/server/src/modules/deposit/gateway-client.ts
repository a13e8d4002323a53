import { text } from '@fortuna/contracts/input-guard';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { gatewaySignedHeaders } from './gateway-signature.ts';

export interface GatewayOrder {
  merchantOrderNo: string;
  amountMinor: string;
  currency: string;
  callbackUrl: string;
  returnUrl: string;
}

const GatewayAnswerSchema = z.object({
  paymentId: text().min(1).max(100),
  payUrl: text().regex(/^https?:\/\//),
});
export type GatewayPayment = z.infer<typeof GatewayAnswerSchema>;

/** Creates payments at our gateway, server to server, signed with the shared secret. */
export function createGatewayClient(deps: { url: string; secret: string; timeoutMs?: number }) {
  return {
    secret: deps.secret,
    /** Idempotent at the gateway per merchantOrderNo: calling again answers the same payment. */
    async createPayment(order: GatewayOrder): Promise<GatewayPayment> {
      const body = JSON.stringify(order);
      let answer: Response;
      try {
        answer = await fetch(`${deps.url}/api/orders`, {
          method: 'POST',
          headers: gatewaySignedHeaders(deps.secret, body),
          body,
          signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE', {
          message: `The payment provider cannot be reached: ${(error as Error).message}`,
        });
      }
      const text = await answer.text();
      let parsed: ReturnType<typeof GatewayAnswerSchema.safeParse> | undefined;
      try {
        parsed = answer.ok ? GatewayAnswerSchema.safeParse(JSON.parse(text)) : undefined;
      } catch {
        parsed = undefined;
      }
      if (!parsed?.success) {
        throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE', {
          message: `The payment provider refused the order (HTTP ${answer.status})`,
        });
      }
      return parsed.data;
    },
  };
}
export type GatewayClient = ReturnType<typeof createGatewayClient>;
