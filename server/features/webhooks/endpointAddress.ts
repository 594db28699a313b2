import dns from 'node:dns';
import net from 'node:net';

/**
 * Addresses a webhook may never reach unless WEBHOOK_ALLOW_PRIVATE=true: this host (loopback, unspecified), the
 * private networks, link-local ones (and the clouds' metadata services inside them), carrier-grade NAT, multicast
 * and the reserved ranges. IPv4-mapped IPv6 addresses are judged as the IPv4 address they carry.
 */
const FORBIDDEN = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');

/** `::ffff:127.0.0.1` or `::ffff:7f00:1` → `127.0.0.1`; other addresses as they are. */
function unmapped(address: string): string {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return address;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * May a webhook connect to this IP address? Not to one of FORBIDDEN's ranges (an IPv4-mapped IPv6 address is
 * judged as its IPv4 address); anything that is no IP address at all is refused too.
 *
 * @example isPublicAddress('169.254.169.254') // false
 */
export function isPublicAddress(address: string): boolean {
  const plain = unmapped(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  const family = net.isIP(plain);
  if (family === 0) return false;
  return !FORBIDDEN.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why a webhook URL is refused (English and Czech), or undefined when it may be used. */
export interface AddressProblem {
  en: string;
  cs: string;
}

/** The host of a URL as the resolver takes it: IPv6 literals without their brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** An https address (or http with WEBHOOK_ALLOW_PRIVATE), without credentials in it; the parsed URL or the problem. */
export function parseWebhookUrl(text: string, allowPrivate: boolean): URL | AddressProblem {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {
      en: 'The URL is not a valid address; write it whole, e.g. https://example.com/webhooks.',
      cs: 'URL není platná adresa; napište ji celou, např. https://example.com/webhooks.',
    };
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol))
    return {
      en: 'A webhook URL must start with https:// (plain http only with WEBHOOK_ALLOW_PRIVATE=true).',
      cs: 'URL webhooku musí začínat https:// (prosté http jen s WEBHOOK_ALLOW_PRIVATE=true).',
    };
  if (url.username || url.password)
    return {
      en: 'A webhook URL may not carry a user name or password; check the signature instead.',
      cs: 'URL webhooku nesmí obsahovat jméno ani heslo; ověřujte místo toho podpis.',
    };
  return url;
}

const refusedAddress = (host: string, address: string): AddressProblem => ({
  en: `The webhook URL's host ${host} resolves to ${address}, a private, loopback, link-local or reserved address: webhooks reach only the public internet.`,
  cs: `Hostitel ${host} z URL webhooku se překládá na ${address}, tedy privátní, místní, linkovou nebo vyhrazenou adresu: webhooky smějí jen do veřejného internetu.`,
});

/**
 * Checks a webhook URL before it is stored: its form, and every address its host resolves to now (a name that
 * cannot be resolved is refused too). Deliveries check the address again as they connect (guardedLookup).
 *
 * @example const problem = await webhookUrlProblem('https://10.0.0.1/hook', false) // a private address
 */
export async function webhookUrlProblem(
  text: string,
  allowPrivate: boolean,
): Promise<AddressProblem | undefined> {
  const url = parseWebhookUrl(text, allowPrivate);
  if (!(url instanceof URL)) return url;
  if (allowPrivate) return undefined;
  const host = hostOf(url);
  if (net.isIP(host)) return isPublicAddress(host) ? undefined : refusedAddress(host, host);
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    return {
      en: `The webhook URL's host ${host} could not be resolved; check the name.`,
      cs: `Hostitele ${host} z URL webhooku se nepodařilo přeložit na adresu; zkontrolujte název.`,
    };
  }
  const refused = addresses.find((entry) => !isPublicAddress(entry.address));
  return refused ? refusedAddress(host, refused.address) : undefined;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * The `lookup` of a delivery's connection: resolves the host as Node would, and refuses an address outside the
 * public internet, so that a name which resolved to a public address when the webhook was saved cannot be turned
 * (DNS rebinding) toward this host or its network. The connection goes to the address checked.
 */
export function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as dns.LookupAddress[];
    const refused = list.find((entry) => !isPublicAddress(entry.address));
    if (refused || !list.length) {
      const failure: NodeJS.ErrnoException = new Error(
        `${hostname} resolves to ${refused?.address ?? 'nothing'}, not a public address`,
      );
      failure.code = 'EADDRREFUSED';
      return callback(failure, []);
    }
    if (options.all) return callback(null, list);
    return callback(null, list[0].address, list[0].family);
  });
}
