import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider } from 'oidc-provider';

export interface TestPerson {
  sub: string;
  email: string;
  name: string;
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 and an ephemeral port. It listens first so
 * that its issuer is known before our app is built; the client is registered afterwards, once our
 * callback address is known. Its development login form accepts any login as the subject, and
 * consent is taken as given.
 */
export async function startTestOidcProvider(people: readonly TestPerson[]) {
  const server = createServer((_request, response) => {
    response.statusCode = 503;
    response.end('provider not configured yet');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  return {
    issuer,
    registerClient(client: { clientId: string; clientSecret: string; redirectUris: string[] }) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: client.clientId,
            client_secret: client.clientSecret,
            redirect_uris: client.redirectUris,
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        jwks: { keys: [{ ...signingKey, kid: 'test-signing-key', use: 'sig', alg: 'RS256' }] },
        cookies: { keys: ['test-provider-cookie-key'] },
        ttl: {
          AccessToken: 600,
          AuthorizationCode: 60,
          IdToken: 600,
          Interaction: 600,
          Session: 600,
          Grant: 600,
        },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        // Like Google: the scope's claims are in the ID token itself, not only behind userinfo.
        conformIdTokenClaims: false,
        features: { devInteractions: { enabled: true } },
        async findAccount(_context: unknown, sub: string) {
          const person = people.find((candidate) => candidate.sub === sub);
          if (!person) return undefined;
          return {
            accountId: sub,
            claims: async () => ({ sub, email: person.email, email_verified: true, name: person.name }),
          };
        },
        async loadExistingGrant(context: {
          oidc: { session: { accountId?: string }; client: { clientId: string } };
        }) {
          const accountId = context.oidc.session.accountId;
          if (!accountId) return undefined;
          const grant = new provider.Grant({ accountId, clientId: context.oidc.client.clientId });
          grant.addOIDCScope('openid email profile');
          await grant.save();
          return grant;
        },
      });
      server.removeAllListeners('request');
      server.on('request', provider.callback());
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookie jar, one set of cookies per origin (paths ignored: tests visit few). */
export function createCookieJar() {
  const byOrigin = new Map<string, Map<string, string>>();
  return {
    header(url: string): string {
      const cookies = byOrigin.get(new URL(url).origin) ?? new Map();
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    get(url: string, name: string): string | undefined {
      return byOrigin.get(new URL(url).origin)?.get(name);
    },
    set(url: string, name: string, value: string): void {
      const origin = new URL(url).origin;
      const cookies = byOrigin.get(origin) ?? new Map<string, string>();
      cookies.set(name, value);
      byOrigin.set(origin, cookies);
    },
    remove(url: string, name: string): void {
      byOrigin.get(new URL(url).origin)?.delete(name);
    },
    store(url: string, response: Response): void {
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const separator = pair.indexOf('=');
        const name = pair.slice(0, separator).trim();
        const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
        if (expired || pair.slice(separator + 1) === '') this.remove(url, name);
        else this.set(url, name, pair.slice(separator + 1));
      }
    },
  };
}
export type CookieJar = ReturnType<typeof createCookieJar>;

/** One request as a browser makes it: its cookies go along, the answer's cookies are kept. */
export async function visit(url: string, jar: CookieJar, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header(url) },
  });
  jar.store(url, response);
  return response;
}

export function locationOf(response: Response, base: string): string {
  const location = response.headers.get('location');
  if (!location) throw new Error(`expected a redirect from ${base}, got ${response.status}`);
  return new URL(location, base).href;
}

/**
 * Walks a person through the provider from our start URL: logs in as `subject` on the provider's
 * form (or cancels there) and stops at the redirect back to our app, whose URL it answers.
 */
export async function throughProvider(
  startUrl: string,
  jar: CookieJar,
  choice: { subject: string } | { cancel: true },
): Promise<string> {
  const appOrigin = new URL(startUrl).origin;
  let url = locationOf(await visit(startUrl, jar), startUrl);
  for (let step = 0; step < 10; step += 1) {
    if (new URL(url).origin === appOrigin) return url;
    const response = await visit(url, jar);
    if (response.status === 200 && new URL(url).pathname.startsWith('/interaction/')) {
      const next =
        'cancel' in choice
          ? await visit(`${url}/abort`, jar)
          : await visit(url, jar, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({
                prompt: 'login',
                login: choice.subject,
                password: 'any',
              }).toString(),
            });
      url = locationOf(next, url);
      continue;
    }
    url = locationOf(response, url);
  }
  throw new Error('the provider never sent the browser back');
}
