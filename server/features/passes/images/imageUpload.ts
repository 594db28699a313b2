import crypto from 'node:crypto';
import {
  ImageUploadFieldsSchema,
  imageResource,
  type Image,
  type ImageUploadFields,
} from '../../../../domain/schemas/image';
import { recordChange, type AuditActor } from '../../../kernel/engine/auditTrail';
import { problemAt } from '../../../../domain/problem';
import { imageSizeProblems } from '../../../../domain/template/limits';
import type { AppContext } from '../../../kernel/appContext';
import { checkCreateRule } from '../../../kernel/engine/accessRules';
import { entityOf } from '../../../kernel/engine/crudService';
import type { CallContext } from '../../../kernel/engine/resourceDefinition';
import { badField, badRequest } from '../../../kernel/http/errors';
import type { Upload } from '../../../kernel/http/multipart';
import { checkBody } from '../../../kernel/http/validation';
import { entityRepository } from '../../../kernel/engine/entityRepository';
import { projectRepository } from '../../identity';
import { imageDefinition } from './imageResource';
import { notPngMessage, pngSize, sniffedMimeType } from '../../../../domain/png';
import { checkPng } from './pngCheck';

/** Stores an uploaded image: IMAGE_MANAGE on the project, then the checks of `storeImage`. */
export async function uploadImage(call: CallContext, upload: Upload): Promise<Image> {
  // A form sends an empty name when none was typed: the image is then named after its file.
  if (upload.fields.name !== undefined && upload.fields.name.trim() === '') delete upload.fields.name;
  const fieldErrors = checkBody(ImageUploadFieldsSchema, upload.fields);
  if (fieldErrors) throw badRequest({ en: 'Invalid data', cs: 'Neplatná data' }, fieldErrors);
  const fields = upload.fields as ImageUploadFields;
  await checkCreateRule(imageDefinition, call, fields);
  if (!(await projectRepository.isLive(call.app.db, fields.projectId)))
    throw badField('/projectId', { en: 'The project was not found.', cs: 'Projekt nebyl nalezen.' });
  const { file } = upload;
  if (!file) throw badField('/file', { en: 'Please select file', cs: 'Vyberte prosím soubor' });
  return storeImage(call.app, call.viewer, {
    ...fields,
    fileName: file.fileName,
    mimeType: file.mimeType,
    data: file.data,
  });
}

/** An image to keep: the project it belongs to, its type and name, and the file as sent. */
export interface ImageFile {
  projectId: string;
  type: ImageUploadFields['type'];
  /** the name shown in the console; the file's name when none is given */
  name?: string;
  fileName: string;
  /** the type the sender claimed, named when the file is not a PNG */
  mimeType: string;
  data: Buffer;
}

/**
 * Keeps an image in the image storage and table: a PNG by its signature, of the size its type needs (read from
 * the PNG header first), then decoded whole within the caps of `checkPng` so that no damaged file or
 * decompression bomb is ever kept. Nothing is stored unless everything holds; rights are the caller's to check.
 * The write is recorded in the audit trail as the actor's.
 *
 * @example const image = await storeImage(context, { projectId, type: 'icon', fileName: 'icon.png', mimeType: 'image/png', data })
 */
export async function storeImage(app: AppContext, actor: AuditActor, file: ImageFile): Promise<Image> {
  const size = pngSize(file.data);
  if (!size) {
    throw badField('/file', notPngMessage(sniffedMimeType(file.data, file.mimeType), file.fileName));
  }
  const problems = imageSizeProblems(file.type, size.width, size.height);
  if (problems.length)
    throw badRequest(
      {
        en: `The image does not fit a ${file.type}: ${problems.map((problem) => problem.en).join(' ')}`,
        cs: `Obrázek neodpovídá typu ${file.type}: ${problems.map((problem) => problem.cs).join(' ')}`,
      },
      problems.map((message) => problemAt('/file', message)),
    );
  const check = checkPng(file.data);
  if (!check.usable) {
    throw badField('/file', {
      en: `Damaged file ${file.fileName}: ${check.problem}, please use a valid png.`,
      cs: `Poškozený soubor ${file.fileName}: ${check.problem}, použijte prosím platné PNG.`,
    });
  }

  const id = crypto.randomUUID();
  const storageKey = `image/${id}.png`;
  await app.storage.put(storageKey, file.data);
  try {
    return await app.db.transaction().execute(async (trx) => {
      const row = await entityRepository.insert(trx, 'image', {
        id,
        name: (file.name ?? file.fileName).trim().slice(0, 200) || `${file.type}.png`,
        projectId: file.projectId,
        type: file.type,
        mimeType: 'image/png',
        width: size.width,
        height: size.height,
        fileSize: file.data.length,
        storageKey,
      });
      const image = entityOf(imageDefinition, app.config, row) as Image;
      await recordChange({ ...app, db: trx }, actor, {
        resource: imageResource.name,
        action: 'create',
        after: image,
      });
      return image;
    });
  } catch (error) {
    await app.storage.remove(storageKey);
    throw error;
  }
}
