import type {
  AliasNode,
  DeleteQueryNode,
  InsertQueryNode,
  KyselyPlugin,
  MergeQueryNode,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RawNode,
  RootOperationNode,
  TableNode,
  UnknownRow,
  UpdateQueryNode,
} from 'kysely';
import type { Db } from './database';

/** A count that grows whenever this process writes to one of the watched tables: what a cache compares. */
export interface WriteWatch {
  generation(): number;
}

const WRITE_KEYWORDS = /\b(?:update|delete\s+from|insert\s+into|merge\s+into)\s+(?:only\s+)?/i;
const WRITE_AT_END = /\b(?:update|delete\s+from|insert\s+into|merge\s+into)\s+(?:only\s+)?$/i;
/** Nodes that hold only values: nothing in them writes. */
const VALUE_NODES = new Set(['ValueNode', 'ValuesNode', 'PrimitiveValueListNode']);

function isNode(value: unknown): value is OperationNode {
  return typeof value === 'object' && value !== null && typeof (value as OperationNode).kind === 'string';
}

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'AliasNode') return tableName((node as AliasNode).node);
  if (node.kind === 'TableNode') return (node as TableNode).table.identifier.name;
  // sql.table('pass'): a raw node around the table
  const raw = node as RawNode;
  if (raw.kind === 'RawNode' && raw.parameters.length === 1 && raw.sqlFragments.every((text) => text === ''))
    return tableName(raw.parameters[0]);
  return undefined;
}

/** The tables a raw statement's text writes to ("update "pass" …", or `update ${sql.table('pass')}`). */
function rawWritesTo(node: RawNode, tables: ReadonlySet<string>): boolean {
  const text = node.sqlFragments.join(' ');
  const named = new RegExp(`${WRITE_KEYWORDS.source}"?(\\w+)"?(?!\\w)`, 'gi');
  for (const match of text.matchAll(named)) if (tables.has(match[1])) return true;
  return node.sqlFragments.some(
    (fragment, index) => WRITE_AT_END.test(fragment) && tables.has(tableName(node.parameters[index]) ?? ''),
  );
}

/** Does the statement (or one nested in it: a CTE, a raw fragment) change rows of the tables? */
function writesTo(node: OperationNode, tables: ReadonlySet<string>): boolean {
  switch (node.kind) {
    case 'UpdateQueryNode':
      if (tables.has(tableName((node as UpdateQueryNode).table) ?? '')) return true;
      break;
    case 'DeleteQueryNode':
      if ((node as DeleteQueryNode).from.froms.some((from) => tables.has(tableName(from) ?? ''))) return true;
      break;
    case 'InsertQueryNode': {
      // a new row changes no row read before; an upsert may
      const insert = node as InsertQueryNode;
      if (insert.onConflict && tables.has(tableName(insert.into) ?? '')) return true;
      break;
    }
    case 'MergeQueryNode':
      if (tables.has(tableName((node as MergeQueryNode).into) ?? '')) return true;
      break;
    case 'RawNode':
      if (rawWritesTo(node as RawNode, tables)) return true;
      break;
  }
  for (const child of Object.values(node)) {
    if (Array.isArray(child)) {
      for (const item of child)
        if (isNode(item) && !VALUE_NODES.has(item.kind) && writesTo(item, tables)) return true;
    } else if (isNode(child) && !VALUE_NODES.has(child.kind) && writesTo(child, tables)) return true;
  }
  return false;
}

/** Statements that cannot write: a select without CTEs (a CTE may hold an UPDATE). */
const readOnly = (node: RootOperationNode) =>
  node.kind === 'SelectQueryNode' && (node as { with?: unknown }).with === undefined;

/**
 * The database with a watch on writes to some tables through it: every statement that may change their rows
 * (UPDATE, DELETE, an upsert, raw SQL that says so) moves the generation on, before it runs and again once it
 * ran. A cache that keeps what it read with the generation of then knows it is out of date once the generation
 * moved. Writes by other processes (other instances on one PostgreSQL) are not seen: such a cache also expires.
 *
 * @example const { db, writes } = watchWrites(database.db, ['pass', 'template'])
 */
export function watchWrites(db: Db, tables: readonly string[]): { db: Db; writes: WriteWatch } {
  const watched = new Set(tables);
  const writing = new WeakSet<object>();
  let generation = 0;
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      if (!readOnly(node) && writesTo(node, watched)) {
        generation += 1;
        writing.add(queryId);
      }
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (writing.has(queryId)) generation += 1;
      return result;
    },
  };
  return { db: db.withPlugin(plugin), writes: { generation: () => generation } };
}
