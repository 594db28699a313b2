import net from 'node:net';

/** Who may tell the server a client's address (X-Forwarded-For): nobody, the nearest N proxies, or these addresses. */
export type TrustedProxies = false | number | string[];

const MEANT =
  'the number of proxies in front of the server (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.2,10.1.0.0/16)';

/** An address, or an address with a prefix length (10.1.0.0/16, fd00::/8). */
function isAddressOrRange(entry: string): boolean {
  const [address, prefix, rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as Fastify takes it: unset or `false`, nobody (the client's own address counts); a whole number, that
 * many proxies nearest the server; a comma-separated list of addresses and ranges, those proxies. `true` is refused:
 * it trusts the leftmost X-Forwarded-For entry, which a client behind an appending proxy writes itself, and so
 * chooses its own address past every per-address limit.
 *
 * @example trustedProxies('2') === 2; trustedProxies('10.0.0.2, 10.1.0.0/16') // ['10.0.0.2', '10.1.0.0/16']
 */
export function trustedProxies(value: string | undefined): TrustedProxies {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true')
    throw new Error(
      `TRUST_PROXY=true would trust whatever address a client writes into X-Forwarded-For: set ${MEANT}.`,
    );
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops >= 1 && hops <= 32) return hops;
    throw new Error(`TRUST_PROXY must be between 1 and 32 proxies, got "${text}": set ${MEANT}.`);
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) throw new Error(`TRUST_PROXY: "${wrong}" is no address or range: set ${MEANT}.`);
  return entries;
}

/** The setting as Fastify's types take it: a hop count becomes the function that trusts that many nearest proxies. */
export function trustProxyOption(
  trusted: TrustedProxies,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted;
}
