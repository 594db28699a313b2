import type { Widgets } from '../../common/generated/widgets';
import { RawViewButton } from '../../common/RawViewButton';
import { OrderActionButtons } from './OrderActionButtons';
import { OrderItemsTab } from './OrderItemsTab';
import { RefreshPaymentStateButton } from './RefreshPaymentStateButton';

/** The orders' own pieces: the items tab, Invoice download and Resend mail, a row's raw view and refresh. */
export const orderWidgets: Widgets = {
  fields: {
    orderItems: OrderItemsTab,
    orderActions: OrderActionButtons,
    rawView: RawViewButton,
    refreshPaymentState: () => <RefreshPaymentStateButton />,
  },
};
