import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
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

/** What a list asks for (react-admin's getList parameters), without the signal. */
export type ListRequest = Pick<GetListParams, 'filter' | 'pagination' | 'sort'>;

/** How long an answer asked for ahead (preloadList) waits for the list that takes it. */
const PRELOADED_LIST_MS = 10_000;

export interface ApiDataProvider extends DataProvider {
  /**
   * Asks for a list now, ahead of its screen: the first getList of the very same request within 10 s takes this
   * answer instead of asking again (a cold start reads the list alongside the sign-in check and the screen's code).
   */
  preloadList: (resource: string, request: ListRequest) => void;
  /** Every row matching the filter, read 1000 at a time without counting; `onPage` hears the rows read so far. */
  getCompleteList: <RecordType extends RaRecord = RaRecord>(
    resource: string,
    filter?: Record<string, unknown>,
    onPage?: (rowsRead: number) => void,
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
 * The by-id calls (getOne, create, update, delete) are ra-data-simple-rest's, whose dialect the API speaks there;
 * lists speak the API's own where/page/limit/order (listQuery.ts), which simple-rest's sort/range/filter is not.
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
  const byId = simpleRestProvider(`${baseUrl}/v1`, httpClient);

  const listUrl = (resource: string, params: ListRequest, count: boolean) => {
    const toApiFilter = resources[apiResourceName(resource)]?.toApiFilter;
    const filter = toApiFilter && params.filter ? toApiFilter(params.filter) : params.filter;
    return `${resourceUrl(resource)}?${buildListQuery(descriptorOf(resource), { ...params, filter }, { count })}`;
  };
  /** Answers asked for ahead (preloadList), by URL: each is taken once. */
  const preloaded = new Map<string, { answer: Promise<ListAnswer>; at: number }>();

  const fetchList = async (
    resource: string,
    params: Pick<GetListParams, 'filter' | 'pagination' | 'sort' | 'signal'>,
    count = true,
  ): Promise<ListAnswer> => {
    const url = listUrl(resource, params, count);
    const early = preloaded.get(url);
    preloaded.delete(url);
    if (early && Date.now() - early.at <= PRELOADED_LIST_MS) return early.answer;
    const { json } = await httpClient(url, { signal: params.signal });
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
    preloadList(resource, request) {
      const url = listUrl(resource, request, true);
      const answer = httpClient(url).then(({ json }) => json as ListAnswer);
      // a failure is heard by the list that takes the answer; one never taken fails silently
      answer.catch(() => undefined);
      preloaded.set(url, { answer, at: Date.now() });
    },

    getList: async <RecordType extends RaRecord>(resource: string, params: GetListParams) => {
      const answer = await fetchList(resource, params);
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
      return toListResult<RecordType>(answer, page, perPage);
    },

    getOne: (resource, params) => byId.getOne(apiResourceName(resource), params),

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
      if (!definition?.uploadField) {
        return byId.create<RecordType, ResultRecordType>(apiResourceName(resource), {
          ...params,
          data: fields as RecordType,
        });
      }
      // An upload is multipart/form-data, which simple-rest (JSON bodies only) does not send.
      const body = toFormData(fields, data[definition.uploadField]);
      const { json } = await httpClient(resourceUrl(resource), { method: 'POST', body });
      return { data: json as ResultRecordType };
    },

    update: <RecordType extends RaRecord>(resource: string, params: UpdateParams<RecordType>) => {
      const fields = resources[apiResourceName(resource)]?.updateFields;
      const data = pickFields(params.data as Record<string, unknown>, fields) as Partial<RecordType>;
      return byId.update<RecordType>(apiResourceName(resource), { ...params, data });
    },

    updateMany: async <RecordType extends RaRecord>(
      resource: string,
      params: UpdateManyParams<RecordType>,
    ) => {
      // PATCH, one by one: the API has no bulk update, and simple-rest's PUT would replace every record whole.
      const fields = resources[apiResourceName(resource)]?.updateFields;
      const body = JSON.stringify(pickFields(params.data as Record<string, unknown>, fields));
      for (const id of params.ids) await httpClient(itemUrl(resource, id), { method: 'PATCH', body });
      return { data: params.ids };
    },

    // The API answers DELETE with the deleted entity (deletedAt set), as simple-rest expects.
    delete: (resource, params) => byId.delete(apiResourceName(resource), params),

    deleteMany: async <RecordType extends RaRecord>(
      resource: string,
      params: DeleteManyParams<RecordType>,
    ) => {
      // One after the other, as updateMany: simple-rest's deleteMany would send them all at once.
      for (const id of params.ids) await byId.delete(apiResourceName(resource), { id });
      return { data: params.ids };
    },

    getCompleteList: <RecordType extends RaRecord>(
      resource: string,
      filter: Record<string, unknown> = {},
      onPage?: (rowsRead: number) => void,
    ) =>
      fetchCompleteList(async (page, limit) => {
        const answer = await fetchList(
          resource,
          { filter, pagination: { page, perPage: limit }, sort: undefined },
          false,
        );
        return answer.data as RecordType[];
      }, onPage),

    batch: async (resource: string, items: BatchItem[]) => {
      const results: BatchResult[] = [];
      for (const part of chunks(items, PROJECT_BATCH_SIZE)) {
        const { json } = await httpClient(`${resourceUrl(resource)}/batch`, {
          method: 'POST',
          body: JSON.stringify(part),
        });
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
