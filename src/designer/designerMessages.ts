import { fieldMessages } from './fields/fieldMessages';
import { inputMessages } from './inputs/inputMessages';
import { previewMessages } from './preview/previewMessages';

/** The designer's texts by language, under app.designer. */
export const designerMessages = {
  en: { preview: previewMessages.en, fields: fieldMessages.en, inputs: inputMessages.en },
  cs: { preview: previewMessages.cs, fields: fieldMessages.cs, inputs: inputMessages.cs },
};
