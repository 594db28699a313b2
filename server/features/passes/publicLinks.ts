import type { ServerConfig } from '../../kernel/config';

/** The distribution base as people reach it: passBase itself when absolute, else under the public URL. */
function absoluteBase(config: Pick<ServerConfig, 'passBase' | 'publicUrl'>): string {
  const base = config.passBase.replace(/\/+$/, '');
  return /^https?:\/\//.test(base) ? base : `${config.publicUrl}${base}`;
}

/**
 * The public link of a pass, which its QR code and landing page hand out.
 *
 * @example passLink({ passBase: '/p', publicUrl: 'https://passes.example.com' }, id) // 'https://passes.example.com/p/{id}'
 */
export function passLink(config: Pick<ServerConfig, 'passBase' | 'publicUrl'>, passId: string): string {
  return `${absoluteBase(config)}/${encodeURIComponent(passId)}`;
}

/**
 * The public link of a distributable template (the console shows the same one).
 *
 * @example templateLink({ passBase: '/p', publicUrl: 'https://passes.example.com' }, id) // 'https://passes.example.com/p/t/{id}'
 */
export function templateLink(
  config: Pick<ServerConfig, 'passBase' | 'publicUrl'>,
  templateId: string,
): string {
  return `${absoluteBase(config)}/t/${encodeURIComponent(templateId)}`;
}

/**
 * The public address of an image's PNG (the distribution's `/image/{id}`), which other wallets fetch.
 *
 * @example publicImageLink({ passBase: '/p', publicUrl: 'https://passes.example.com' }, id) // 'https://passes.example.com/p/image/{id}'
 */
export function publicImageLink(
  config: Pick<ServerConfig, 'passBase' | 'publicUrl'>,
  imageId: string,
): string {
  return `${absoluteBase(config)}/image/${encodeURIComponent(imageId)}`;
}
