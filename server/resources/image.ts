import { Right, access, can } from '../../domain/rights';
import { ImageWriteSchema, imageResource, type Image } from '../../domain/schemas/image';
import type { ImageType } from '../../domain/template/limits';
import { badRequest, forbidden } from '../http/errors';
import type { ResourceDefinition, Row, WriteData } from '../engine/resourceDefinition';
import { entityBase } from '../engine/rowValues';
import { projectScope } from './projectScope';

/** Whoever manages images or holds any template right on a project reads its images (templates show them). */
export const IMAGE_READ_RIGHTS = [
  Right.IMAGE_MANAGE,
  Right.TEMPLATE_CREATE,
  Right.TEMPLATE_READ,
  Right.TEMPLATE_UPDATE,
  Right.TEMPLATE_DELETE,
] as const;

const uploadOnly = () =>
  badRequest(
    'Images are uploaded with POST /v1/image as multipart/form-data: fields projectId, type, name and one file.',
  );

const manageOnly = (projectId: string) =>
  forbidden(`Managing images needs the IMAGE_MANAGE right on the image's project (${projectId}).`);

/** Images: uploaded (multipart, see routes/core/images.ts), renamed and deleted with IMAGE_MANAGE. */
export const imageDefinition: ResourceDefinition = {
  descriptor: imageResource,
  table: 'image',
  createSchema: ImageWriteSchema,
  replaceSchema: ImageWriteSchema,
  genericCreateRoute: false,
  canList: (viewer) => access.imagesMenu(viewer),
  readScope: (viewer) => projectScope(viewer, IMAGE_READ_RIGHTS),
  authorizeCreate() {
    throw uploadOnly();
  },
  authorizeUpdate(call, row) {
    if (!can(call.viewer, Right.IMAGE_MANAGE, String(row.projectId))) throw manageOnly(String(row.projectId));
  },
  authorizeDelete(call, row) {
    if (!can(call.viewer, Right.IMAGE_MANAGE, String(row.projectId))) throw manageOnly(String(row.projectId));
  },
  toInsert() {
    throw uploadOnly();
  },
  toUpdate: (_call, _row, data: WriteData) => (typeof data.name === 'string' ? { name: data.name } : {}),
  toEntities: (call, rows: Row[]) => rows.map((row) => imageEntity(call.app.config.passBase, row)),
};

export function imageEntity(passBase: string, row: Row): Image {
  return {
    ...entityBase(row),
    name: String(row.name),
    projectId: String(row.projectId),
    type: row.type as ImageType,
    url: `${passBase}/image/${row.id}`,
    mimeType: String(row.mimeType),
    width: Number(row.width),
    height: Number(row.height),
    fileSize: Number(row.fileSize),
  };
}
