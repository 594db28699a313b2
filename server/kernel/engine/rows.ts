/** A row of a resource's table as the engine reads it: its columns by name, with its id. */
export type Row = Record<string, unknown> & { id: string };
/** A resource's entity as the API answers it (engine/rowValues maps rows to entities). */
export type Entity = Record<string, unknown>;
/** A validated body of a create, replace or patch. */
export type WriteData = Record<string, unknown>;
