import type { Config } from '#server/config';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD_HOSTS = ['0.0.0.0', '::', '[::]'];

const isLoopback = (hostname: string) => LOOPBACK_HOSTS.includes(hostname) || hostname === '::1';
const listensOnLoopback = (host: string) => WILDCARD_HOSTS.includes(host) || isLoopback(host);
/** "http://localhost:80" is the origin "http://localhost": let URL drop a default port. */
const origin = (protocol: string, host: string, port: number | string) =>
  new URL(`${protocol}//${host}${port === '' ? '' : `:${port}`}`).origin;

type OriginConfig = Pick<Config, 'PUBLIC_URL' | 'PORT' | 'HOST' | 'NODE_ENV'>;

/**
 * Browser origins allowed to write (ours and Better Auth's origin checks): the public URL; on a plain-http
 * (local) run also the loopback addresses the server listens on at its PORT, so http://localhost:3401 and
 * http://127.0.0.1:3401 both work whatever PUBLIC_URL says; and the loopback twins of a loopback PUBLIC_URL.
 */
export function trustedOrigins(config: OriginConfig): string[] {
  const url = new URL(config.PUBLIC_URL);
  const origins = new Set([url.origin]);
  if (url.protocol === 'http:') {
    if (listensOnLoopback(config.HOST))
      for (const host of LOOPBACK_HOSTS) origins.add(origin('http:', host, config.PORT));
    if (isLoopback(url.hostname)) {
      for (const host of LOOPBACK_HOSTS) origins.add(origin('http:', host, url.port));
      if (config.NODE_ENV === 'development') origins.add('http://localhost:5173'); // Vite's dev server
    }
  }
  return [...origins];
}

/** Where this machine's browser reaches the server once it listens (the startup log shows it). */
export function listeningUrl(host: string, port: number): string {
  const name = WILDCARD_HOSTS.includes(host)
    ? 'localhost'
    : host.includes(':') && !host.startsWith('[')
      ? `[${host}]`
      : host;
  return origin('http:', name, port);
}

/**
 * One warning when the configured public origin cannot be how browsers reach this server: owners would be
 * refused (403) at sign-in and on every write. Null when it can match, or when a proxy may be in between.
 */
export function originWarning(
  config: Pick<Config, 'PUBLIC_URL' | 'PUBLIC_URL_SET' | 'HOST' | 'TRUST_PROXY'>,
  port: number,
): string | null {
  if (!config.PUBLIC_URL_SET || config.TRUST_PROXY) return null;
  const url = new URL(config.PUBLIC_URL);
  if (url.protocol !== 'http:') return null; // https is served through a proxy or a load balancer
  const publicPort = Number(url.port || 80);
  const reasons: string[] = [];
  if (publicPort !== port) reasons.push(`it names port ${publicPort} but this server listens on ${port}`);
  if (!isLoopback(url.hostname) && isLoopback(config.HOST))
    reasons.push(`it names ${url.hostname} but this server listens only on ${config.HOST}`);
  if (reasons.length === 0) return null;
  return (
    `PUBLIC_URL=${config.PUBLIC_URL} cannot match how browsers reach this server: ${reasons.join(' and ')}. ` +
    `Sign-in and every write from that address will be refused (403). Unset PUBLIC_URL for a local run ` +
    `(${listeningUrl('localhost', port)} and ${listeningUrl('127.0.0.1', port)} then work), or set it to the address people open.`
  );
}
