import { IMAGE_TYPES, type ImageType, type PassStyle } from '../../../domain/template/limits';

/** The images each pass style shows besides the logo and icon, which every pass has. */
const STYLE_IMAGES: Record<PassStyle, readonly ImageType[]> = {
  boardingPass: ['footer'],
  coupon: ['strip'],
  eventTicket: ['strip', 'background', 'thumbnail'],
  generic: ['thumbnail'],
  storeCard: ['strip'],
};

/**
 * The image slots of a pass style, in the order of the image types.
 *
 * @example imageSlotsOf('generic') // ['logo', 'icon', 'thumbnail']
 */
export function imageSlotsOf(style: PassStyle | undefined): ImageType[] {
  const used = new Set<ImageType>(['logo', 'icon', ...(style ? STYLE_IMAGES[style] : [])]);
  return IMAGE_TYPES.filter((type) => used.has(type));
}
