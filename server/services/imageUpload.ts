import crypto from 'node:crypto';
import { Right, can } from '../../domain/rights';
import {
  ImageUploadFieldsSchema,
  imageResource,
  type Image,
  type ImageUploadFields,
} from '../../domain/schemas/image';
import { recordChange } from '../engine/auditTrail';
import { imageSizeProblems } from '../../domain/template/limits';
import type { CallContext } from '../engine/resourceDefinition';
import { badRequest, forbidden } from '../http/errors';
import type { Upload } from '../http/multipart';
import { checkBody } from '../http/validation';
import { entityRepository } from '../repositories/entityRepository';
import { projectRepository } from '../repositories/projectRepository';
import { imageEntity } from '../resources/image';
import { pngSize, sniffedMimeType } from '../../domain/png';
import { checkPng } from '../images/pngCheck';

/**
 * Stores an uploaded image: IMAGE_MANAGE on the project, a PNG by its signature, of the size its type needs
 * (read from the PNG header first), then decoded whole within the caps of `checkPng` so that no damaged file or
 * decompression bomb is ever kept. Nothing is stored unless everything holds.
 */
export async function uploadImage(call: CallContext, upload: Upload): Promise<Image> {
  // A form sends an empty name when none was typed: the image is then named after its file.
  if (upload.fields.name !== undefined && upload.fields.name.trim() === '') delete upload.fields.name;
  const fieldErrors = checkBody(ImageUploadFieldsSchema, upload.fields);
  if (fieldErrors) throw badRequest('Invalid data', fieldErrors);
  const fields = upload.fields as ImageUploadFields;
  if (!can(call.viewer, Right.IMAGE_MANAGE, fields.projectId))
    throw forbidden('Uploading images needs the IMAGE_MANAGE right on the project.');
  if (!(await projectRepository.isLive(call.app.db, fields.projectId)))
    throw badRequest('The project was not found.', [
      { path: '/projectId', message: 'The project was not found.' },
    ]);
  const { file } = upload;
  if (!file) throw badRequest('Please select file', [{ path: '/file', message: 'Please select file' }]);
  const size = pngSize(file.data);
  if (!size) {
    const message = `Unsuported file format ${sniffedMimeType(file.data, file.mimeType)} of file ${file.fileName}, please use png.`;
    throw badRequest(message, [{ path: '/file', message }]);
  }
  const problems = imageSizeProblems(fields.type, size.width, size.height);
  if (problems.length)
    throw badRequest(
      `The image does not fit a ${fields.type}: ${problems.join(' ')}`,
      problems.map((message) => ({ path: '/file', message })),
    );
  const check = checkPng(file.data);
  if (!check.usable) {
    const message = `Damaged file ${file.fileName}: ${check.problem}, please use a valid png.`;
    throw badRequest(message, [{ path: '/file', message }]);
  }

  const id = crypto.randomUUID();
  const storageKey = `image/${id}.png`;
  await call.app.storage.put(storageKey, file.data);
  try {
    return await call.app.db.transaction().execute(async (trx) => {
      const row = await entityRepository.insert(trx, 'image', {
        id,
        name: (fields.name ?? file.fileName).trim().slice(0, 200) || `${fields.type}.png`,
        projectId: fields.projectId,
        type: fields.type,
        mimeType: 'image/png',
        width: size.width,
        height: size.height,
        fileSize: file.data.length,
        storageKey,
      });
      const image = imageEntity(call.app.config.passBase, row);
      await recordChange({ ...call.app, db: trx }, call.viewer, {
        resource: imageResource.name,
        action: 'create',
        after: image,
      });
      return image;
    });
  } catch (error) {
    await call.app.storage.remove(storageKey);
    throw error;
  }
}
