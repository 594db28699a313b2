import { EshopWriteSchema, eshopResource } from '../../domain/schemas/eshop';
import { defaultEshop } from '../../domain/ticket/defaults';
import { badField } from '../http/errors';
import { projectRepository } from '../repositories/projectRepository';
import type { ResourceDefinition } from '../engine/resourceDefinition';
import { rowValuesOf } from '../engine/rowValues';

/** E-shops: read with TICKET_ESHOP_READ on their project; created, saved and deleted by admins only. */
export const eshopDefinition: ResourceDefinition = {
  descriptor: eshopResource,
  mergePatchFields: ['messages', 'email', 'styles'],
  async authorizeCreate(call, data) {
    if (!(await projectRepository.isLive(call.app.db, String(data.projectId))))
      throw badField('/projectId', { en: 'The project was not found.', cs: 'Projekt nebyl nalezen.' });
  },
  authorizeUpdate(_call, row, data) {
    if (data.projectId !== undefined && data.projectId !== row.projectId) {
      throw badField('/projectId', {
        en: 'An e-shop cannot move to another project: its orders and products belong there.',
        cs: 'E-shop nelze přesunout do jiného projektu: patří tam jeho objednávky a produkty.',
      });
    }
  },
  toInsert: (_call, data) =>
    rowValuesOf(EshopWriteSchema, { ...defaultEshop(String(data.projectId)), ...data }),
};
