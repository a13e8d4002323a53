/**
 * Asks a payment gateway whether it is a sandbox (our apps/payment-gateway says so at /healthz: its
 * Pay button credits deposits nobody paid). 'unknown' when it did not answer in time or answered
 * something else: a real provider need not have that call.
 */
export async function askWhetherSandbox(gatewayUrl: string, timeoutMs = 5_000): Promise<boolean | 'unknown'> {
  try {
    const answer = await fetch(`${gatewayUrl}/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!answer.ok) return 'unknown';
    const body = (await answer.json()) as { sandbox?: unknown };
    return body.sandbox === true;
  } catch {
    return 'unknown';
  }
}
