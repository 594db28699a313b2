import { imageResource } from '../../../../domain/schemas/image';
import { badRequest } from '../../../kernel/http/errors';
import type { ResourceDefinition, Row } from '../../../kernel/engine/resourceDefinition';

const uploadOnly = () =>
  badRequest({
    en: 'Images are uploaded with POST /v1/image as multipart/form-data: fields projectId, type, name and one file.',
    cs: 'Obrázky se nahrávají přes POST /v1/image jako multipart/form-data: pole projectId, type, name a jeden soubor.',
  });

/** Images: uploaded (multipart, see imageRoutes.ts), renamed and deleted with IMAGE_MANAGE. */
export const imageDefinition: ResourceDefinition = {
  descriptor: imageResource,
  genericCreateRoute: false,
  authorizeCreate() {
    throw uploadOnly();
  },
  computedFields: (config, row: Row) => ({ url: `${config.passBase}/image/${row.id}` }),
};
