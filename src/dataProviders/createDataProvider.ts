import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'react-admin';
import type { AuditList } from '../../domain/schemas/audit';
import { MAX_IN_VALUES } from '../../domain/where';
import { PROJECT_BATCH_SIZE } from '../constants';
import { fetchCompleteList } from './completeList';
import type { HttpClient } from './httpClient';
import { buildListQuery } from './listQuery';
import { apiResourceName, pickFields, type ResourceRegistry } from './resourceRegistry';

/** The answer of every list call. */
interface ListAnswer {
  data: RaRecord[];
  totalCount: number | null;
  page: number;
  limit: number;
}

/** One item of a batch call and its answer (one status per item). */
export interface BatchItem {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  id?: Identifier;
  data?: Record<string, unknown>;
}
export interface BatchResult {
  status: { code: number; message: string[] };
  id?: string;
  data?: RaRecord;
}

export interface ApiDataProvider extends DataProvider {
  /** Every row matching the filter, read 1000 at a time without counting. */
  getCompleteList: <RecordType extends RaRecord = RaRecord>(
    resource: string,
    filter?: Record<string, unknown>,
  ) => Promise<RecordType[]>;
  /** POST {base}/v1/{resource}/batch, 10 items per request; one status per item, in order. */
  batch: (resource: string, items: BatchItem[]) => Promise<BatchResult[]>;
  /** GET {base}/v1/{resource}/{id}/history: the row's audit trail, newest first. */
  history: (
    resource: string,
    params: { id: Identifier; page: number; perPage: number },
  ) => Promise<AuditList>;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** An upload's form: the text fields, then the file in the field `file` (when one was chosen). */
function toFormData(fields: Record<string, unknown>, file: unknown): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.append(name, String(value));
  if (file instanceof Blob) form.append('file', file, file instanceof File ? file.name : 'file');
  return form;
}

/**
 * A react-admin data provider for one API base (`{baseUrl}/v1/{resource}`): the core API and the ticket API
 * have the same shape. `resources` tells, per API resource, how filters map to where and which fields are writable.
 *
 * @example const dataProvider = createDataProvider('/api/core', createHttpClient(session.token), coreResources);
 */
export function createDataProvider(
  baseUrl: string,
  httpClient: HttpClient,
  resources: ResourceRegistry = {},
): ApiDataProvider {
  const resourceUrl = (resource: string) => `${baseUrl}/v1/${apiResourceName(resource)}`;
  const itemUrl = (resource: string, id: Identifier) =>
    `${resourceUrl(resource)}/${encodeURIComponent(String(id))}`;
  const descriptorOf = (resource: string) => resources[apiResourceName(resource)]?.descriptor;

  const fetchList = async (
    resource: string,
    params: Pick<GetListParams, 'filter' | 'pagination' | 'sort' | 'signal'>,
    count = true,
  ): Promise<ListAnswer> => {
    const toApiFilter = resources[apiResourceName(resource)]?.toApiFilter;
    const filter = toApiFilter && params.filter ? toApiFilter(params.filter) : params.filter;
    const query = buildListQuery(descriptorOf(resource), { ...params, filter }, { count });
    const { json } = await httpClient(`${resourceUrl(resource)}?${query}`, { signal: params.signal });
    return json as ListAnswer;
  };

  const toListResult = <RecordType extends RaRecord>(answer: ListAnswer, page: number, perPage: number) => {
    const data = answer.data as RecordType[];
    if (typeof answer.totalCount === 'number') return { data, total: answer.totalCount };
    return { data, pageInfo: { hasPreviousPage: page > 1, hasNextPage: data.length >= perPage } };
  };

  const getManyByIds = async <RecordType extends RaRecord>(
    resource: string,
    ids: readonly Identifier[],
    signal?: AbortSignal,
  ): Promise<RecordType[]> => {
    const unique = [...new Set(ids.map(String))];
    const pages = await Promise.all(
      chunks(unique, MAX_IN_VALUES).map((part) =>
        fetchList(
          resource,
          {
            filter: { id: { $inUuid: part } },
            pagination: { page: 1, perPage: part.length },
            sort: undefined,
            signal,
          },
          false,
        ),
      ),
    );
    return pages.flatMap((answer) => answer.data as RecordType[]);
  };

  return {
    getList: async <RecordType extends RaRecord>(resource: string, params: GetListParams) => {
      const answer = await fetchList(resource, params);
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
      return toListResult<RecordType>(answer, page, perPage);
    },

    getOne: async <RecordType extends RaRecord>(resource: string, params: GetOneParams<RecordType>) => {
      const { json } = await httpClient(itemUrl(resource, params.id), { signal: params.signal });
      return { data: json as RecordType };
    },

    getMany: async <RecordType extends RaRecord>(resource: string, params: GetManyParams<RecordType>) => ({
      data: await getManyByIds<RecordType>(resource, params.ids, params.signal),
    }),

    getManyReference: async <RecordType extends RaRecord>(
      resource: string,
      params: GetManyReferenceParams,
    ) => {
      const filter = { ...params.filter, [params.target]: params.id };
      const answer = await fetchList(resource, { ...params, filter });
      return toListResult<RecordType>(answer, params.pagination.page, params.pagination.perPage);
    },

    create: async <
      RecordType extends Omit<RaRecord, 'id'>,
      ResultRecordType extends RaRecord = RecordType & { id: Identifier },
    >(
      resource: string,
      params: CreateParams<RecordType>,
    ) => {
      const definition = resources[apiResourceName(resource)];
      const data = params.data as Record<string, unknown>;
      const fields = pickFields(data, definition?.createFields);
      const body = definition?.uploadField ? toFormData(fields, data[definition.uploadField]) : fields;
      const { json } = await httpClient(resourceUrl(resource), { method: 'POST', body });
      return { data: json as ResultRecordType };
    },

    update: async <RecordType extends RaRecord>(resource: string, params: UpdateParams<RecordType>) => {
      const fields = resources[apiResourceName(resource)]?.updateFields;
      const body = pickFields(params.data as Record<string, unknown>, fields);
      const { json } = await httpClient(itemUrl(resource, params.id), { method: 'PUT', body });
      return { data: json as RecordType };
    },

    updateMany: async <RecordType extends RaRecord>(
      resource: string,
      params: UpdateManyParams<RecordType>,
    ) => {
      const fields = resources[apiResourceName(resource)]?.updateFields;
      const body = pickFields(params.data as Record<string, unknown>, fields);
      for (const id of params.ids) await httpClient(itemUrl(resource, id), { method: 'PATCH', body });
      return { data: params.ids };
    },

    delete: async <RecordType extends RaRecord>(resource: string, params: DeleteParams<RecordType>) => {
      // The API answers the deleted entity (deletedAt set); an empty answer leaves the record as it was known.
      const { json } = await httpClient(itemUrl(resource, params.id), { method: 'DELETE' });
      const deleted = json && typeof json === 'object' ? json : (params.previousData ?? { id: params.id });
      return { data: deleted as RecordType };
    },

    deleteMany: async <RecordType extends RaRecord>(
      resource: string,
      params: DeleteManyParams<RecordType>,
    ) => {
      for (const id of params.ids) await httpClient(itemUrl(resource, id), { method: 'DELETE' });
      return { data: params.ids };
    },

    getCompleteList: <RecordType extends RaRecord>(resource: string, filter: Record<string, unknown> = {}) =>
      fetchCompleteList(async (page, limit) => {
        const answer = await fetchList(
          resource,
          { filter, pagination: { page, perPage: limit }, sort: undefined },
          false,
        );
        return answer.data as RecordType[];
      }),

    batch: async (resource: string, items: BatchItem[]) => {
      const results: BatchResult[] = [];
      for (const part of chunks(items, PROJECT_BATCH_SIZE)) {
        const { json } = await httpClient(`${resourceUrl(resource)}/batch`, { method: 'POST', body: part });
        results.push(...(json as BatchResult[]));
      }
      return results;
    },

    history: async (resource, { id, page, perPage }) => {
      const query = new URLSearchParams({ page: String(page), limit: String(perPage) });
      const { json } = await httpClient(`${itemUrl(resource, id)}/history?${query}`);
      return json as AuditList;
    },
  };
}
