import { holdsOn, ruleInWords } from '../../../../domain/rights';
import { orderResource } from '../../../../domain/schemas/order';
import { REFUND_RULE } from '../../../../domain/schemas/refund';
import { isUuid } from '../../../../domain/where';
import type { OrderRow } from '../../../kernel/db/tables';
import type { CallContext } from '../../../kernel/engine/resourceDefinition';
import { forbidden, notFound } from '../../../kernel/http/errors';
import { orderRepository } from '../orderRepository';

/**
 * The live order the viewer may refund or cancel (REFUND_RULE on its project; administrators always). An order the
 * viewer may not see at all (another project's) answers 404, as a missing one; one the viewer sees without the
 * right, 403.
 *
 * @example const order = await refundableOrder(call, request.params.id)
 */
export async function refundableOrder(call: CallContext, orderId: string): Promise<OrderRow> {
  const { viewer } = call;
  const order = isUuid(orderId) ? await orderRepository.findLive(call.app.db, orderId) : undefined;
  const refunds = order !== undefined && holdsOn(viewer, REFUND_RULE, order.projectId);
  if (!order || !(refunds || holdsOn(viewer, orderResource.access.read, order.projectId)))
    throw notFound('Order');
  if (!refunds)
    throw forbidden({
      en: `Refunding or canceling an order needs ${ruleInWords(REFUND_RULE)} on its project.`,
      cs: 'Vrácení peněz nebo zrušení objednávky vyžaduje právo TICKET_ACCOUNTING na jejím projektu.',
    });
  return order;
}
