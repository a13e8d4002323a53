// oidc-provider ships no types; the test provider uses only this much of it.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>>;
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    Grant: new (fields: {
      accountId: string;
      clientId: string;
    }) => { addOIDCScope(scope: string): void; save(): Promise<string> };
  }
}
