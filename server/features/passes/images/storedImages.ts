import crypto from 'node:crypto';
import type { ImageRow } from '../../../kernel/db/tables';
import type { Localized } from '../../../../domain/problem';
import { HttpError } from '../../../kernel/http/errors';
import type { FileStorage } from '../../../kernel/storage/fileStorage';
import { LruCache } from '../../../kernel/lruCache';
import { checkPng, type PngCheck } from './pngCheck';

/** A stored image's file as its consumers may use it: checked bytes, no file at all, or a damaged file. */
export type StoredImage =
  { state: 'usable'; data: Buffer } | { state: 'missing' } | { state: 'damaged'; problem: string };

export type StoredImageRow = Pick<ImageRow, 'type' | 'storageKey' | 'width' | 'height'>;

const VERDICTS_KEPT = 2000;

/**
 * Verdicts by the SHA-256 of the bytes: the same bytes always get the same verdict, so one cache serves every
 * consumer, and a file changed on disk under the same key is checked again.
 */
const verdicts = new LruCache<string, PngCheck>(VERDICTS_KEPT);

function checkedOnce(data: Buffer): PngCheck {
  const digest = crypto.createHash('sha256').update(data).digest('base64');
  let verdict = verdicts.get(digest);
  if (!verdict) {
    verdict = checkPng(data);
    verdicts.set(digest, verdict);
  }
  return verdict;
}

/**
 * Reads a stored image and checks it as an upload is checked (whole decoding, the same caps), and that its size
 * is the one recorded at upload; files uploaded before the check existed, or damaged on disk, are caught here.
 *
 * @example const logo = await readStoredImage(context.storage, row); if (logo.state === 'usable') use(logo.data)
 */
export async function readStoredImage(storage: FileStorage, row: StoredImageRow): Promise<StoredImage> {
  const data = await storage.get(row.storageKey);
  if (!data) return { state: 'missing' };
  const verdict = checkedOnce(data);
  if (!verdict.usable) return { state: 'damaged', problem: verdict.problem };
  if (verdict.width !== row.width || verdict.height !== row.height)
    return {
      state: 'damaged',
      problem: `its file is ${verdict.width} x ${verdict.height} px, not the ${row.width} x ${row.height} px recorded at upload`,
    };
  return { state: 'usable', data };
}

/** The words every consumer uses for a damaged stored image (pre-flight, PDF, landing page, image link). */
export function damagedImageMessage(type: string, problem: string): Required<Localized> {
  return {
    en: `The ${type} image is damaged (${problem}): upload it again.`,
    cs: `Obrázek typu ${type} je poškozený (${problem}): nahrajte jej znovu.`,
  };
}

/**
 * The answer to a request that needs a damaged image: 409, this request fails and nothing else does.
 *
 * @example if (logo.state === 'damaged') throw damagedImage(row.type, logo.problem)
 */
export function damagedImage(type: string, problem: string): HttpError {
  return new HttpError(409, damagedImageMessage(type, problem));
}
