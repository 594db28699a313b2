import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest, type Localized } from './errors';
import { refuseUnusableInput } from './textInput';

export interface UploadedFile {
  fileName: string;
  /** as the client declared it; the content decides what the file really is */
  mimeType: string;
  data: Buffer;
}

export interface Upload {
  /** the text fields of the form */
  fields: Record<string, string>;
  /** the one file of the field `file`, if one was chosen */
  file?: UploadedFile;
}

/**
 * Reads a multipart/form-data body with one file in the field `file` and a few text fields. A file above
 * `maxFileBytes` answers 413 before anything is kept; a second file answers 400.
 *
 * @example const { fields, file } = await readUpload(request, { maxFileBytes: IMAGE_MAX_BYTES, tooLarge: '…' })
 */
export async function readUpload(
  request: FastifyRequest,
  options: { maxFileBytes: number; tooLarge: Localized },
): Promise<Upload> {
  if (!request.isMultipart())
    throw badRequest({
      en: 'Send the file as multipart/form-data, in a field named "file".',
      cs: 'Pošlete soubor jako multipart/form-data v poli s názvem "file".',
    });
  const fields: Record<string, string> = Object.create(null);
  let file: UploadedFile | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxFileBytes, files: 1, fields: 20, fieldSize: 100_000, parts: 21 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = String(part.value);
        refuseUnusableInput({ [part.fieldname]: value }, 'body');
        fields[part.fieldname] = value;
        continue;
      }
      const data = await part.toBuffer();
      if (part.fieldname !== 'file')
        throw badRequest({
          en: 'Send the file in the field named "file".',
          cs: 'Pošlete soubor v poli s názvem "file".',
        });
      refuseUnusableInput({ file: part.filename }, 'body');
      // A browser sends an empty part without a name when no file was chosen.
      if (data.length > 0 || part.filename) file = { fileName: part.filename, mimeType: part.mimetype, data };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, options.tooLarge);
    if (code === 'FST_FILES_LIMIT')
      throw badRequest({ en: 'Upload one file at a time.', cs: 'Nahrávejte jeden soubor po druhém.' });
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw badRequest({ en: 'The form has too many fields.', cs: 'Formulář má příliš mnoho polí.' });
    throw badRequest({
      en: 'The multipart/form-data body could not be read.',
      cs: 'Tělo multipart/form-data nelze přečíst.',
    });
  }
  return { fields, file };
}
