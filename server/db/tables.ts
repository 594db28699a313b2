import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Columns every entity table has. Column names are the API's field names. */
interface EntityColumns {
  id: Generated<string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  deletedAt: NullableTimestamp;
}

export interface UserTable extends EntityColumns {
  email: string;
  displayName: string;
  passwordHash: string;
  isAdmin: boolean;
  active: boolean;
}

export interface ProjectTable extends EntityColumns {
  name: string;
  description: string | null;
  active: boolean;
  parentId: string | null;
}

export interface ProjectUserTable {
  projectId: string;
  userId: string;
  rights: number;
}

export interface SessionTable {
  id: Generated<string>;
  userId: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
}

export interface ApiClientTable extends EntityColumns {
  name: string;
  clientId: string;
  secretHash: string;
  active: boolean;
}

export interface Database {
  user: UserTable;
  project: ProjectTable;
  projectUser: ProjectUserTable;
  session: SessionTable;
  apiClient: ApiClientTable;
}

export type UserRow = Selectable<UserTable>;
export type ProjectRow = Selectable<ProjectTable>;
export type ApiClientRow = Selectable<ApiClientTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
