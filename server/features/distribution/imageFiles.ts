import type { AppContext } from '../../kernel/appContext';
import { damagedImage, readStoredImage, imageRepository } from '../passes';

/**
 * The checked bytes of a live image, or undefined when there is no id, no such image or no file: a pass is printed
 * without a logo rather than not at all. A damaged file fails the request (409 naming the image), never the process.
 *
 * @example const logo = await imageFile(context, view.imageIds.logo)
 */
export async function imageFile(
  context: Pick<AppContext, 'db' | 'storage'>,
  imageId: string | undefined,
): Promise<Buffer | undefined> {
  if (!imageId) return undefined;
  const image = await imageRepository.findLive(context.db, imageId);
  if (!image) return undefined;
  const stored = await readStoredImage(context.storage, image);
  if (stored.state === 'damaged') throw damagedImage(image.type, stored.problem);
  return stored.state === 'usable' ? stored.data : undefined;
}
