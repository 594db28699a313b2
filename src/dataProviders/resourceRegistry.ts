import type { SortPayload } from 'react-admin';
import { DEFAULT_LIST_SORT, type ResourceApi, type ResourceDescriptor } from '../../domain/resource';
import { RESOURCES } from '../../domain/resources';
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

export type ResourceRegistry = Readonly<Record<string, ApiResource>>;

/** What the console's data provider does beyond the declaration, by API name. */
const SPECIAL: Readonly<Record<string, Partial<ApiResource>>> = {
  pass: { toApiFilter: passListFilter },
  image: { uploadField: 'file' },
};

/** The resources of one API by their API names, from the declarations of domain/resources.ts. */
function registryOf(api: ResourceApi): ResourceRegistry {
  return Object.fromEntries(
    RESOURCES.filter((descriptor) => descriptor.api === api).map((descriptor) => [
      descriptor.name,
      {
        descriptor,
        createFields: Object.keys(descriptor.createSchema.properties),
        updateFields: Object.keys(descriptor.updateSchema.properties),
        ...SPECIAL[descriptor.name],
      },
    ]),
  );
}

/** Resources of the core API. */
export const coreResources: ResourceRegistry = registryOf('core');

/** Resources of the ticket API (spec section 7 resource path names). */
export const ticketResources: ResourceRegistry = registryOf('ticket');

/**
 * The console's routes and the API's names of their resources (`ticket/ticketEshop` → `eshop`): the declared
 * resources', and the accounting's views, which are not resources.
 */
const API_NAMES: ReadonlyMap<string, string> = new Map([
  ...RESOURCES.map((descriptor) => [descriptor.route, descriptor.name] as const),
  ['ticket/ticketSale', 'sale'],
  ['ticket/ticketTransaction', 'transaction'],
]);

/** Ticket resources (`ticket/...`) are served by the ticket API, every other by the core API. */
export const isTicketResource = (resource: string) => resource.startsWith('ticket/');

/** Console routes group resources (`identity/project`); the API knows its own name (`project`, `eshop`). */
export function apiResourceName(resource: string): string {
  const declared = API_NAMES.get(resource);
  if (declared) return declared;
  const parts = resource.split('/');
  return parts[parts.length - 1];
}

/**
 * The declaration (domain/) of the resource a console route shows.
 *
 * @example descriptorOfRoute('ticket/ticketEshop')?.updateSchema
 */
export function descriptorOfRoute(resource: string): ResourceDescriptor | undefined {
  return RESOURCES.find((descriptor) => descriptor.route === resource);
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
