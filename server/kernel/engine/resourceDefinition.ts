import type { RawBuilder } from 'kysely';
import type { ResourceDescriptor } from '../../../domain/resource';
import type { Viewer } from '../../../domain/schemas/user';
import type { AppContext } from '../appContext';
import type { ServerConfig } from '../config';
import type { Entity, Row, WriteData } from './rows';

/** What an entity's computed fields read of the server's configuration: the public addresses. */
export type EntityConfig = Pick<ServerConfig, 'passBase' | 'publicUrl'>;

export type { Entity, Row, WriteData } from './rows';

/** The rows of these projects: by the row's projectId, or by its id for the projects themselves. */
export interface ProjectScope {
  column: 'projectId' | 'id';
  projectIds: readonly string[];
}

/**
 * The rows a viewer may read: all, none, those of some projects (which a cached row is checked against in memory), or
 * those matching a SQL condition on the resource's table.
 */
export type ReadScope = 'all' | 'none' | ProjectScope | RawBuilder<boolean>;

export interface CallContext {
  app: AppContext;
  viewer: Viewer;
  /**
   * Reads its writes may share (sharedRead), when the caller makes many writes that need the same rows (an import
   * chunk: 500 passes of one template); none for a request, whose writes read afresh.
   */
  shared?: Map<string, Promise<unknown>>;
}

/**
 * A resource as the server serves it: its declaration (domain/), from which the engine derives the table (the
 * declaration's name), who may list and read which rows, the create, replace and patch schemas, the rule each write
 * must pass on the row's project (engine/accessRules) and the mapping between rows and entities (engine/rowValues).
 * The generic engine gives it list, read, create, replace, patch, delete and batch, with where/page/order and
 * OpenAPI. Everything below is optional: what is truly special about one resource. `R` and `E` are its row
 * (kernel/db/tables) and entity (its declaration's schema), so that code reading one resource gets them typed.
 */
export interface ResourceDefinition<R extends Row = Row, E extends Entity = Entity> {
  descriptor: ResourceDescriptor;
  /**
   * Object-valued JSON fields that PATCH merges into their current value as a JSON merge patch (RFC 7396) instead
   * of replacing them; the merged value is then checked against the field's PUT schema. PUT always replaces.
   */
  mergePatchFields?: readonly string[];
  /**
   * The rows a non-administrator may read, when they are not those of the projects where the read rule holds
   * (users belong to no project: their reach comes from memberships).
   */
  readScope?(viewer: Viewer): ReadScope;
  /**
   * The project of a new row when it is not the body's projectId (a pass: its template's), and how messages name
   * it. `find` throws a 400 naming the field when the row it reads is missing or out of the viewer's sight.
   */
  newRowProject?: {
    named: string;
    find(call: CallContext, data: WriteData): Promise<string | null> | string | null;
  };
  /** Computed columns read with every row in the same query (related data), e.g. a project's members. */
  computedColumns?: RawBuilder<unknown>;
  /**
   * Entity fields read from other rows by the computed columns (a pass's template name), or a field repeated under
   * another name: not the row's own data, so the audit trail leaves them out (a write cannot foresee them, and they
   * change with the other row).
   */
  derivedFields?: readonly string[];
  /**
   * Write fields that are another name of a field (`jsonSchema`, Yourpass's name of a template's
   * `dynamicDataJsonSchema`): their value is written to that field; both sent with different values answer 400.
   */
  fieldAliases?: Readonly<Record<string, string>>;
  /**
   * Filter and sort fields stored in a column of another name, e.g. `devices.total` in "devicesTotal";
   * other fields are the column of their name (or a path inside a JSON column).
   */
  fieldColumns?: Readonly<Record<string, RawBuilder<unknown>>>;
  /** false: POST /v1/{resource} is a route of its own (a file upload); batch creation then goes to authorizeCreate. */
  genericCreateRoute?: boolean;
  /**
   * The lock of writes that a rule over other rows guards (one active administrator must remain; no two e-shops
   * share an order prefix): such a write reads its row, checks its rules, makes its values and writes in one
   * transaction holding the lock, so that two of them never both pass the rule. Undefined: the write needs none
   * (`data` is undefined for a delete).
   */
  writeLock?(data: WriteData | undefined): string | undefined;
  /**
   * The resource's own checks of a write, after the declaration's rule for the action held; each throws an
   * HttpError (403, 400, 409) when the write is not allowed.
   */
  authorizeCreate?(call: CallContext, data: WriteData): Promise<void> | void;
  authorizeUpdate?(call: CallContext, row: R, data: WriteData): Promise<void> | void;
  authorizeDelete?(call: CallContext, row: R): Promise<void> | void;
  /** Row values to insert / set, from validated data; by default the write schema's fields (rowValues). */
  toInsert?(call: CallContext, data: WriteData): Promise<WriteData> | WriteData;
  toUpdate?(call: CallContext, row: R, data: WriteData): Promise<WriteData> | WriteData;
  /** Entity fields the schema alone cannot map from the row: computed ones, or read from columns of other names. */
  computedFields?(config: EntityConfig, row: R): Partial<E>;
  afterCreate?(call: CallContext, row: R, entity: E): Promise<E> | E;
  /**
   * The integration event (kernel/events: webhooks) a write of a row causes, by its type (`pass.created`), or none.
   * Published with the entity as its data, in the write's transaction, only when someone in the row's project
   * listens; `types` lists every type it may answer (a write asks whether anyone listens before it opens one).
   */
  integrationEvents?: {
    types: readonly string[];
    of(action: 'create' | 'update' | 'delete', row: R, before: R | undefined): string | undefined;
  };
  afterWrite?(call: CallContext, row: R): Promise<void> | void;
}
