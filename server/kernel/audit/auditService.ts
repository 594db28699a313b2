import type { AuditList } from '../../../domain/schemas/audit';
import type { Db } from '../db/database';
import { auditRepository, type AuditFilter } from './auditRepository';

/** A page of the audit trail, newest first, as the API answers it. */
export async function auditPage(
  db: Db,
  filter: AuditFilter,
  paging: { page?: number; limit?: number },
): Promise<AuditList> {
  const page = paging.page ?? 1;
  const limit = paging.limit ?? 25;
  const { rows, totalCount } = await auditRepository.list(db, filter, { limit, offset: (page - 1) * limit });
  const data = rows.map((row) => ({ ...row, at: row.at.toISOString() }));
  return { data, totalCount, page, limit };
}
