import type { TObject } from '@sinclair/typebox';
import type { SortPayload } from 'react-admin';
import { DEFAULT_LIST_SORT, type ResourceDescriptor } from '../../domain/resource';
import {
  ApiClientCreateSchema,
  ApiClientWriteSchema,
  apiClientResource,
} from '../../domain/schemas/apiClient';
import { CertificateWriteSchema, certificateResource } from '../../domain/schemas/certificate';
import { EshopWriteSchema, eshopResource } from '../../domain/schemas/eshop';
import { OrderWriteSchema, orderResource } from '../../domain/schemas/order';
import { OrderItemWriteSchema, orderItemResource } from '../../domain/schemas/orderItem';
import { ProductWriteSchema, productResource } from '../../domain/schemas/product';
import { ImageUploadFieldsSchema, ImageWriteSchema, imageResource } from '../../domain/schemas/image';
import { PassWriteSchema, passResource } from '../../domain/schemas/pass';
import { ProjectWriteSchema, projectResource } from '../../domain/schemas/project';
import { TemplateWriteSchema, templateResource } from '../../domain/schemas/template';
import { UserCreateSchema, UserUpdateSchema, userResource } from '../../domain/schemas/user';
import { passListFilter } from './passListFilter';

/** What a data provider knows of one API resource: filters and sorts, and which fields it may write. */
export interface ApiResource {
  descriptor: ResourceDescriptor;
  createFields: readonly string[];
  updateFields: readonly string[];
  /** list filter values of the console that are choices rather than field values, as the API's filter */
  toApiFilter?: (filter: Record<string, unknown>) => Record<string, unknown>;
  /** create is a multipart/form-data upload: the create fields as text, the File held in this field as the file */
  uploadField?: string;
}

const fieldsOf = (schema: TObject): string[] => Object.keys(schema.properties);

export type ResourceRegistry = Readonly<Record<string, ApiResource>>;

/** Resources of the core API, from the schemas of domain/. */
export const coreResources: ResourceRegistry = {
  project: {
    descriptor: projectResource,
    createFields: fieldsOf(ProjectWriteSchema),
    updateFields: fieldsOf(ProjectWriteSchema),
  },
  user: {
    descriptor: userResource,
    createFields: fieldsOf(UserCreateSchema),
    updateFields: fieldsOf(UserUpdateSchema),
  },
  apiClient: {
    descriptor: apiClientResource,
    createFields: fieldsOf(ApiClientCreateSchema),
    updateFields: fieldsOf(ApiClientWriteSchema),
  },
  template: {
    descriptor: templateResource,
    createFields: fieldsOf(TemplateWriteSchema),
    updateFields: fieldsOf(TemplateWriteSchema),
  },
  pass: {
    descriptor: passResource,
    createFields: fieldsOf(PassWriteSchema),
    updateFields: fieldsOf(PassWriteSchema),
    toApiFilter: passListFilter,
  },
  image: {
    descriptor: imageResource,
    createFields: fieldsOf(ImageUploadFieldsSchema),
    updateFields: fieldsOf(ImageWriteSchema),
    uploadField: 'file',
  },
  certificate: {
    descriptor: certificateResource,
    createFields: fieldsOf(CertificateWriteSchema),
    updateFields: fieldsOf(CertificateWriteSchema),
  },
};

/** Resources of the ticket API (spec section 7 resource path names). */
export const ticketResources: ResourceRegistry = {
  eshop: {
    descriptor: eshopResource,
    createFields: fieldsOf(EshopWriteSchema),
    updateFields: fieldsOf(EshopWriteSchema),
  },
  product: {
    descriptor: productResource,
    createFields: fieldsOf(ProductWriteSchema),
    updateFields: fieldsOf(ProductWriteSchema),
  },
  order: {
    descriptor: orderResource,
    createFields: fieldsOf(OrderWriteSchema),
    updateFields: fieldsOf(OrderWriteSchema),
  },
  orderItem: {
    descriptor: orderItemResource,
    createFields: fieldsOf(OrderItemWriteSchema),
    updateFields: fieldsOf(OrderItemWriteSchema),
  },
};

/** The ticket routes (`ticket/ticketEshop`) and the API's names of their resources (`eshop`). */
const TICKET_ROUTE_NAMES: Readonly<Record<string, string>> = {
  ticketEshop: 'eshop',
  ticketProduct: 'product',
  ticketOrder: 'order',
  ticketOrderItem: 'orderItem',
  ticketSale: 'sale',
  ticketTransaction: 'transaction',
};

/** Ticket resources (`ticket/...`) are served by the ticket API, every other by the core API. */
export const isTicketResource = (resource: string) => resource.startsWith('ticket/');

/** Console routes group resources (`identity/project`); the API knows the last part (`project`). */
export function apiResourceName(resource: string): string {
  const parts = resource.split('/');
  const last = parts[parts.length - 1];
  return TICKET_ROUTE_NAMES[last] ?? last;
}

/**
 * The declaration (domain/) of the resource a console route shows.
 *
 * @example descriptorOfRoute('ticket/ticketEshop')?.updateSchema
 */
export function descriptorOfRoute(resource: string): ResourceDescriptor | undefined {
  const registry = isTicketResource(resource) ? ticketResources : coreResources;
  return registry[apiResourceName(resource)]?.descriptor;
}

/**
 * How a console route's lists are ordered until the user sorts them: the default sort of its resource's declaration.
 *
 * @example defaultSortOf('identity/project') // { field: 'updatedAt', order: 'DESC' }
 */
export function defaultSortOf(resource: string): SortPayload {
  const sort = descriptorOfRoute(resource)?.defaultSort ?? DEFAULT_LIST_SORT;
  return { field: sort.field, order: sort.order === 'asc' ? 'ASC' : 'DESC' };
}

/** Only the fields the API accepts for this write; read-only ones (id, users, timestamps) stay home. */
export function pickFields(
  data: Record<string, unknown>,
  fields: readonly string[] | undefined,
): Record<string, unknown> {
  if (!fields) return { ...data };
  const picked: Record<string, unknown> = {};
  for (const field of fields) if (data[field] !== undefined) picked[field] = data[field];
  return picked;
}
