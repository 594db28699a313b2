import type { Widgets } from '../../common/generated/widgets';
import { RawViewButton } from '../../common/RawViewButton';
import { OrderActionButtons } from './OrderActionButtons';
import { OrderItemsTab } from './OrderItemsTab';
import { OrderRefundsTab } from './OrderRefundsTab';
import { RefreshPaymentStateButton } from './RefreshPaymentStateButton';
import { RefundOrderButton } from './RefundOrderButton';

/**
 * The orders' own pieces: the items and refunds tabs, Invoice download, Resend mail, Refund and Cancel order, a
 * row's raw view and refresh, and a late payment's Refund on its row.
 */
export const orderWidgets: Widgets = {
  fields: {
    orderItems: OrderItemsTab,
    orderRefunds: OrderRefundsTab,
    orderActions: OrderActionButtons,
    rawView: RawViewButton,
    refreshPaymentState: () => <RefreshPaymentStateButton />,
    refundLatePayment: () => <RefundOrderButton lateOnly />,
  },
};
