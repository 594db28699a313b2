import { useCanAccess, useGetList } from 'react-admin';
import type { Product } from '../../domain/schemas/product';
import type { PassStyle } from '../../domain/template/limits';
import { defaultSortOf } from '../dataProviders/resourceRegistry';

const PRODUCT_RESOURCE = 'ticket/ticketProduct';

/**
 * Does the template issue tickets, so that its designer offers the ticket contract's fields? Yes when a product the
 * viewer reads (the ticket API, 1000 at once) names it among its templates. A viewer who cannot read products is
 * offered them for event tickets.
 *
 * @example const ticket = useIssuesTickets(template.id, 'eventTicket');
 */
export function useIssuesTickets(templateId: unknown, style: PassStyle | undefined): boolean {
  const { canAccess, isPending: accessPending } = useCanAccess({
    resource: PRODUCT_RESOURCE,
    action: 'list',
  });
  const { data: products, isError } = useGetList<Product>(
    PRODUCT_RESOURCE,
    { pagination: { page: 1, perPage: 1000 }, sort: defaultSortOf(PRODUCT_RESOURCE) },
    { enabled: canAccess === true },
  );
  if (accessPending) return false;
  if (canAccess !== true || isError) return style === 'eventTicket';
  return (products ?? []).some((product) => product.templateIds.includes(String(templateId)));
}
