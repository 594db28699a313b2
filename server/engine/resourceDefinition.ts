import type { RawBuilder } from 'kysely';
import type { TObject } from '@sinclair/typebox';
import type { ResourceDescriptor } from '../../domain/resource';
import type { Viewer } from '../../domain/schemas/user';
import type { AppContext } from '../appContext';
import type { Database } from '../db/tables';

export type Row = Record<string, unknown> & { id: string };
export type Entity = Record<string, unknown>;
export type WriteData = Record<string, unknown>;

/** The rows a viewer may read: all, none, or those matching a SQL condition on the resource's table. */
export type ReadScope = 'all' | 'none' | RawBuilder<boolean>;

export interface CallContext {
  app: AppContext;
  viewer: Viewer;
}

/**
 * A resource as the server serves it. The generic engine gives it list, read, create, replace, patch,
 * delete and batch, with where/page/order, rights scoping and OpenAPI.
 */
export interface ResourceDefinition {
  descriptor: ResourceDescriptor;
  table: keyof Database;
  /** body of POST */
  createSchema: TObject;
  /** body of PUT; PATCH takes the same fields, all optional */
  replaceSchema: TObject;
  /**
   * Object-valued JSON fields that PATCH merges into their current value as a JSON merge patch (RFC 7396) instead
   * of replacing them; the merged value is then checked against the field's PUT schema. PUT always replaces.
   */
  mergePatchFields?: readonly string[];
  /** May the viewer list this resource at all? (403 when not) */
  canList(viewer: Viewer): boolean;
  readScope(viewer: Viewer): ReadScope;
  /** Computed columns read with every row in the same query (related data), e.g. a project's members. */
  computedColumns?: RawBuilder<unknown>;
  /**
   * Filter and sort fields stored in a column of another name, e.g. `devices.total` in "devicesTotal";
   * other fields are the column of their name (or a path inside a JSON column).
   */
  fieldColumns?: Readonly<Record<string, RawBuilder<unknown>>>;
  /** false: POST /v1/{resource} is a route of its own (a file upload); batch creation then goes to authorizeCreate. */
  genericCreateRoute?: boolean;
  /**
   * The lock of updates and deletes that a rule over other rows guards (one active administrator must
   * remain): such a write reads its row, checks its rules and writes in one transaction holding the lock,
   * so that two of them never both pass the rule. Undefined: the write needs none (`data` too, for a delete).
   */
  writeLock?(data: WriteData | undefined): string | undefined;
  /** Each throws an HttpError (403, 400) when the write is not allowed. */
  authorizeCreate(call: CallContext, data: WriteData): Promise<void> | void;
  authorizeUpdate(call: CallContext, row: Row, data: WriteData): Promise<void> | void;
  authorizeDelete(call: CallContext, row: Row): Promise<void> | void;
  /** Row values to insert / set, from validated data. */
  toInsert(call: CallContext, data: WriteData): Promise<WriteData> | WriteData;
  toUpdate(call: CallContext, row: Row, data: WriteData): Promise<WriteData> | WriteData;
  /** API objects from rows; one call per page, so related data is read once. */
  toEntities(call: CallContext, rows: Row[]): Promise<Entity[]> | Entity[];
  afterCreate?(call: CallContext, row: Row, entity: Entity): Promise<Entity> | Entity;
  afterWrite?(call: CallContext, row: Row): Promise<void> | void;
}
