import { isIP } from 'node:net';

/**
 * Which connections may tell us the client's address (TRUST_PROXY, ADR 024): nobody (false), the nearest N
 * hops, or the proxies at these addresses/CIDRs. Never "every hop": a client can write X-Forwarded-For itself,
 * and a proxy that appends to it ($proxy_add_x_forwarded_for) keeps what the client wrote in front.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's named ranges, accepted as Fastify accepts them. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export const TRUST_PROXY_TRUE_REFUSED =
  '"true" is no longer accepted: it trusted every X-Forwarded-For hop, so any client could choose the address ' +
  "every per-address limit counts. Set the proxy's address (TRUST_PROXY=127.0.0.1 for nginx on this machine, " +
  'as deploy/nginx.conf and compose.yaml run it), a comma-separated list of addresses/CIDRs, or the number ' +
  'of proxies in front (TRUST_PROXY=1); false or unset when clients connect directly.';

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry) || isIP(entry) !== 0) return true;
  const slash = entry.indexOf('/');
  if (slash < 0) return false;
  const ip = entry.slice(0, slash);
  const mask = entry.slice(slash + 1);
  const family = isIP(ip);
  if (family === 0) return false;
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(mask) === 4; // 10.0.0.0/255.0.0.0
}

/** TRUST_PROXY's text → its meaning, or the sentence that tells the operator what to write instead. */
export function parseTrustProxy(
  raw: string | undefined,
): { ok: true; value: TrustProxy } | { ok: false; error: string } {
  const text = (raw ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return { ok: true, value: false };
  if (text === 'true') return { ok: false, error: TRUST_PROXY_TRUE_REFUSED };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) return { ok: false, error: `${hops} proxies in front is not plausible; write how many there are` };
    return { ok: true, value: hops };
  }
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (entries.length === 0 || bad.length > 0)
    return {
      ok: false,
      error:
        `${bad.map((e) => JSON.stringify(e)).join(', ') || 'nothing'} is not an IP address or CIDR: write the proxies' ` +
        'addresses (e.g. 127.0.0.1 or 10.0.0.0/8, comma-separated), a number of proxies, or false',
    };
  return { ok: true, value: entries };
}

/**
 * Fastify's trustProxy option for a TrustProxy. A hop count is passed as a function: Fastify 5.12 reads a bare
 * number as "trust nothing" (a direct client could otherwise write the hops itself), and a count is only safe
 * when the app's port is reachable through the proxies alone (compose binds it to 127.0.0.1).
 */
export function trustProxyOption(value: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') {
    const hops = value;
    return (_address, hop) => hop < hops;
  }
  return value;
}
