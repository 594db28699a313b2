import { sql } from 'kysely';
import type { Db } from '../../kernel/db/database';

export const projectRepository = {
  /** userId -> rights of a project's live members, as a column read with the project row. */
  membersColumn: sql`coalesce((
    select json_object_agg(pu."userId", pu."rights") from "projectUser" pu
    join "user" u on u."id" = pu."userId" and u."deletedAt" is null
    where pu."projectId" = "project"."id"), '{}'::json) as "users"`,

  async isLive(db: Db, id: string): Promise<boolean> {
    const row = await db
      .selectFrom('project')
      .select('id')
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Live sub-projects and templates: what a project must not leave orphaned when it is deleted. */
  async liveContents(db: Db, id: string): Promise<{ subProjects: number; templates: number }> {
    const result = await sql<{ subProjects: number; templates: number }>`select
      (select count(*)::int from "project" where "parentId" = ${id}::uuid and "deletedAt" is null) as "subProjects",
      (select count(*)::int from "template" where "projectId" = ${id}::uuid and "deletedAt" is null) as "templates"`.execute(
      db,
    );
    return result.rows[0];
  },

  /** The project and every project above it. */
  async ancestorsOf(db: Db, id: string): Promise<string[]> {
    const result = await sql<{ id: string }>`
      with recursive chain("id", "parentId", "depth") as (
        select "id", "parentId", 0 from "project" where "id" = ${id}::uuid
        union all
        select p."id", p."parentId", chain."depth" + 1 from "project" p join chain on p."id" = chain."parentId"
        where chain."depth" < 100
      )
      select "id" from chain`.execute(db);
    return result.rows.map((row) => row.id);
  },
};
