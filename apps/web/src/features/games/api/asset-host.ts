/**
 * Spec 7.3: image hosts are picked at random from the permission call's imageCDNs, once per page
 * load so that the browser cache keeps working; '/' (or none) means this site.
 */
let picked: string | null = null;

export function pickImageHost(hosts: readonly string[], random = Math.random): string {
  if (picked !== null) return picked;
  const host = hosts.length ? (hosts[Math.floor(random() * hosts.length)] ?? '/') : '/';
  picked = host === '/' ? '' : host.replace(/\/$/, '');
  return picked;
}

export const assetUrl = (host: string, path: string) => (/^https?:\/\//.test(path) ? path : `${host}${path}`);

/** For tests: forget the host picked. */
export function resetImageHost(): void {
  picked = null;
}
