import { Typography } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  ReferenceManyField,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Order } from '../../../domain/schemas/order';
import type { Refund } from '../../../domain/schemas/refund';
import { DateTimeField } from '../../common/DateTimeField';
import { MoneyField } from '../../common/MoneyField';
import { useFormatMoney } from '../../common/useFormatMoney';
import { CreditNoteLink } from '../refunds/CreditNoteLink';

export const REFUND_RESOURCE = 'ticket/ticketRefund';

/** The order's refunds, newest first: when, how much, their state, why, their credit notes; a row opens the refund. */
export const OrderRefundsTab = () => {
  const order = useRecordContext<Order>();
  const translate = useTranslate();
  const money = useFormatMoney();
  if (!order) return null;
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('resources.ticket/ticketOrder.fields.refundedAmount')}:{' '}
        <strong>{money(Number(order.refundedAmount), order.currency)}</strong>
      </Typography>
      <ReferenceManyField
        reference={REFUND_RESOURCE}
        target="orderId"
        perPage={100}
        sort={{ field: 'createdAt', order: 'DESC' }}
      >
        <Datagrid rowClick={(id) => `/${REFUND_RESOURCE}/${id}`} bulkActionButtons={false}>
          <DateTimeField source="createdAt" />
          <MoneyField source="amount" />
          <FunctionField<Refund>
            source="state"
            render={(refund) => translate(`resources.${REFUND_RESOURCE}.values.state.${refund.state}`)}
          />
          <TextField source="reason" />
          <TextField source="failureReason" emptyText="" />
          <CreditNoteLink source="creditNoteNumber" />
          <TextField source="createdByName" />
        </Datagrid>
      </ReferenceManyField>
    </>
  );
};
