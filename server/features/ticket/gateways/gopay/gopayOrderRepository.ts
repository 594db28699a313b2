import type { Db } from '../../../../kernel/db/database';
import type { OrderRow } from '../../../../kernel/db/tables';

export const gopayOrderRepository = {
  /** The live order of the e-shop whose payment GoPay holds under the id; none for another e-shop's or gateway's. */
  findByPayment(db: Db, eshopId: string, paymentId: string): Promise<OrderRow | undefined> {
    return db
      .selectFrom('order')
      .selectAll()
      .where('paymentId', '=', paymentId)
      .where('eshopId', '=', eshopId)
      .where('paymentGateway', '=', 'gopay')
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  },
};
