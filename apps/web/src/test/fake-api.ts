import { ENCRYPTED_BODY_CONTENT_TYPE, EncryptionPaths, sealedBodyAad } from '@fortuna/contracts/encryption';
import { vi } from 'vitest';

/** A call the fake server received, its body opened: JSON, a sealed body unsealed, or form fields. */
export interface ReceivedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType: string | null;
  body: unknown;
}

type Answer = { status?: number; body: unknown };
type Handler = (call: ReceivedCall) => Answer | Promise<Answer>;

export const okAnswer = (value: unknown): Answer => ({
  body: { success: true, value, message: '', code: 'OK' },
});
export const failAnswer = (
  status: number,
  code: string,
  message: string,
  value: unknown = { issues: [] },
): Answer => ({ status, body: { success: false, value, message, code } });

const keyPair = globalThis.crypto.subtle.generateKey(
  { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
  true,
  ['wrapKey', 'unwrapKey'],
) as Promise<CryptoKeyPair>;

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

async function unseal(method: string, path: string, text: string): Promise<unknown> {
  const sealed = JSON.parse(text) as { key: string; iv: string; data: string };
  const { privateKey } = await keyPair;
  const { subtle } = globalThis.crypto;
  const aesKey = await subtle.unwrapKey(
    'raw',
    fromBase64(sealed.key),
    privateKey,
    { name: 'RSA-OAEP' },
    { name: 'AES-GCM' },
    false,
    ['decrypt'],
  );
  const plain = await subtle.decrypt(
    {
      name: 'AES-GCM',
      iv: fromBase64(sealed.iv),
      additionalData: new TextEncoder().encode(sealedBodyAad(method, path)),
    },
    aesKey,
    fromBase64(sealed.data),
  );
  return JSON.parse(new TextDecoder().decode(plain));
}

/** A multipart body as tests read it: text fields as strings, files as lists of name and size. */
function formFieldsOf(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else fields[name] = [...((fields[name] as unknown[]) ?? []), { fileName: value.name, size: value.size }];
  }
  return fields;
}

/**
 * Stubs fetch with a tiny server: `routes` maps "METHOD /path" to an answer. It serves the
 * sealing public key itself and opens sealed bodies, so tests read what the lobby really sent.
 * An unknown route answers 404 NOT_FOUND.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: ReceivedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://lobby.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const contentType = headers.get('content-type');
    const text = typeof init.body === 'string' ? init.body : null;
    let body: unknown = null;
    if (text !== null) {
      if (contentType === ENCRYPTED_BODY_CONTENT_TYPE) body = await unseal(method, url.pathname, text);
      else if (contentType?.startsWith('application/x-www-form-urlencoded'))
        body = Object.fromEntries(new URLSearchParams(text));
      else body = JSON.parse(text);
    }
    if (init.body instanceof FormData) body = formFieldsOf(init.body);
    const call = { method, path: url.pathname, query: url.searchParams, contentType, body };
    let answer: Answer;
    if (method === 'GET' && url.pathname === EncryptionPaths.publicKey) {
      const spki = await globalThis.crypto.subtle.exportKey('spki', (await keyPair).publicKey);
      answer = okAnswer({
        keyId: 'test-key',
        spki: btoa(String.fromCharCode(...new Uint8Array(spki))),
        algorithm: 'RSA-OAEP-256+A256GCM',
      });
    } else {
      calls.push(call);
      const handler = routes[`${method} ${url.pathname}`];
      answer = handler ? await handler(call) : failAnswer(404, 'NOT_FOUND', 'Not found');
    }
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}
