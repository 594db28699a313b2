import type { AppContext } from '../appContext';
import { imageRepository } from '../repositories/imageRepository';

/**
 * The bytes of a live image, or undefined when there is no id, no such image or no file: a pass is printed
 * without a logo rather than not at all.
 *
 * @example const logo = await imageFile(context, view.imageIds.logo)
 */
export async function imageFile(
  context: Pick<AppContext, 'db' | 'storage'>,
  imageId: string | undefined,
): Promise<Buffer | undefined> {
  if (!imageId) return undefined;
  const image = await imageRepository.findLive(context.db, imageId);
  return image ? await context.storage.get(image.storageKey) : undefined;
}
