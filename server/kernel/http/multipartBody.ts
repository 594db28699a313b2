import { Type, type TProperties } from '@sinclair/typebox';
import './fastifyTypes';

/**
 * The OpenAPI description of a multipart/form-data upload, spread into a route's schema: one file in the field
 * `file` (binary) and the text fields given, required unless `Type.Optional`. Only the document changes; the route
 * still reads the body with `readUpload`.
 *
 * @example schema: { ...multipartBody({ file: 'The CSV file', fields: { templateId: Uuid() } }), response: … }
 */
export function multipartBody(description: { file: string; fields?: TProperties }) {
  return {
    consumes: ['multipart/form-data'],
    documentedBody: Type.Object({
      file: Type.String({ format: 'binary', description: description.file }),
      ...description.fields,
    }),
  };
}
