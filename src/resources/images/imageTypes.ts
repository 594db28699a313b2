import { IMAGE_TYPES } from '../../../domain/template/limits';

/** The image types as choices of a select, labelled in the console's language. */
export const imageTypeChoices = IMAGE_TYPES.map((type) => ({
  id: type,
  name: `resources.passes/image.values.type.${type}`,
}));
