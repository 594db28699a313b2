import type { ImageType } from '../../../domain/template/limits';
import { useConfig } from '../../config';
import { useDesigner } from '../DesignerContext';
import { usePreview } from './PreviewContext';
import { previewImageUrl } from './previewImages';

/** The address of the template's image of a type in the preview language, or undefined when it has none. */
export function usePreviewImage(type: ImageType): string | undefined {
  const { passBase } = useConfig();
  const { images } = useDesigner();
  const { language } = usePreview();
  return previewImageUrl(images, type, language, passBase);
}
