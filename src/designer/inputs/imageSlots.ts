import { IMAGE_TYPES, type ImageType } from '../../../domain/template/limits';
import type { DesignStyle } from '../designStyles';

/**
 * The images each layout shows besides the logo and icon, which every pass has; a new layout keeps its classic
 * style's images, which older iOS shows.
 */
const STYLE_IMAGES: Record<DesignStyle, readonly ImageType[]> = {
  boardingPass: ['footer'],
  coupon: ['strip'],
  eventTicket: ['strip', 'background', 'thumbnail'],
  generic: ['thumbnail'],
  storeCard: ['strip'],
  posterEventTicket: ['strip', 'background', 'thumbnail', 'artwork', 'secondaryLogo', 'venueMap'],
  semanticBoardingPass: ['footer'],
  posterGeneric: ['thumbnail', 'primaryLogo'],
};

/**
 * The image slots of a layout, in the order of the image types.
 *
 * @example imageSlotsOf('generic') // ['logo', 'icon', 'thumbnail']
 * @example imageSlotsOf('posterGeneric') // ['logo', 'icon', 'thumbnail', 'primaryLogo']
 */
export function imageSlotsOf(style: DesignStyle | undefined): ImageType[] {
  const used = new Set<ImageType>(['logo', 'icon', ...(style ? STYLE_IMAGES[style] : [])]);
  return IMAGE_TYPES.filter((type) => used.has(type));
}
