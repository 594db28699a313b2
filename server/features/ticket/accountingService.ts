import { Right, canAnywhere, projectsWith } from '../../../domain/rights';
import { AccountingWhereSchema, type AccountingWhere } from '../../../domain/schemas/accounting';
import type { Viewer } from '../../../domain/schemas/user';
import type { CallContext } from '../../kernel/engine/resourceDefinition';
import { badRequest, forbidden } from '../../kernel/http/errors';
import { checkBody } from '../../kernel/http/validation';
import { accountingRepository } from './accountingRepository';

/** The accounting `where`, checked against its own schema (real dates the database can compare, a UUID). */
function parseWhere(text: string): AccountingWhere {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest({ en: 'where is not JSON.', cs: 'where není JSON.' }, [
      { path: 'where', message: 'is not JSON', cs: 'není JSON' },
    ]);
  }
  const problems = checkBody(AccountingWhereSchema, value);
  if (problems)
    throw badRequest(
      {
        en: 'The accounting query needs {eshopId?, from, to}.',
        cs: 'Dotaz účetnictví potřebuje {eshopId?, from, to}.',
      },
      problems.map((problem) => ({ ...problem, path: problem.path ? `where.${problem.path}` : 'where' })),
    );
  return value as AccountingWhere;
}

/** Spec section 6: ticket accounting is for admins and TICKET_ACCOUNTING, over the projects where it is held. */
function accountingProjects(viewer: Viewer): 'all' | string[] {
  if (!canAnywhere(viewer, Right.TICKET_ACCOUNTING))
    throw forbidden({
      en: 'Accounting needs the TICKET_ACCOUNTING right.',
      cs: 'Účetnictví vyžaduje právo TICKET_ACCOUNTING.',
    });
  return viewer.isAdmin ? 'all' : projectsWith(viewer, Right.TICKET_ACCOUNTING);
}

/**
 * The Sales tab: paid items of the period per e-shop and type, in the viewer's accounting projects. `whereText` is
 * the JSON of AccountingWhereSchema, read after the rights: a viewer without them learns nothing from its errors.
 */
export async function salesOf(call: CallContext, whereText: string) {
  const projects = accountingProjects(call.viewer);
  const where = parseWhere(whereText);
  const [data, refunds] = await Promise.all([
    accountingRepository.sales(call.app.db, where, projects),
    accountingRepository.salesRefunds(call.app.db, where, projects),
  ]);
  return { data, totalCount: data.length, refunds };
}

/** The Transactions tab: one page of the period's paid items, in the viewer's accounting projects. */
export async function transactionsOf(
  call: CallContext,
  whereText: string,
  paging: { page: number; limit: number; count: boolean },
) {
  const { page, limit } = paging;
  const projects = accountingProjects(call.viewer);
  const { rows, totalCount } = await accountingRepository.transactions(
    call.app.db,
    parseWhere(whereText),
    projects,
    { limit, offset: (page - 1) * limit, withCount: paging.count },
  );
  return { data: rows, totalCount, page, limit };
}

/** The Refunds tab: one page of the period's refunds (by refund time), money out, in the viewer's accounting projects. */
export async function refundTransactionsOf(
  call: CallContext,
  whereText: string,
  paging: { page: number; limit: number; count: boolean },
) {
  const { page, limit } = paging;
  const projects = accountingProjects(call.viewer);
  const { rows, totalCount } = await accountingRepository.refundTransactions(
    call.app.db,
    parseWhere(whereText),
    projects,
    { limit, offset: (page - 1) * limit, withCount: paging.count },
  );
  return { data: rows, totalCount, page, limit };
}
