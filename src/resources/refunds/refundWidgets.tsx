import type { WidgetProps, Widgets } from '../../common/generated/widgets';
import { MoneyField } from '../../common/MoneyField';
import { CreditNoteLink } from './CreditNoteLink';
import { RefundOrderLink } from './RefundOrderLink';

/** A refund's amount in its currency. */
const RefundAmount = ({ source }: WidgetProps) => <MoneyField source={source ?? 'amount'} />;

/** The refunds' own pieces: the credit note's PDF by its number, the order's link, the amount as money. */
export const refundWidgets: Widgets = {
  fields: {
    creditNoteLink: CreditNoteLink,
    refundOrderLink: RefundOrderLink,
    refundAmount: RefundAmount,
  },
};
