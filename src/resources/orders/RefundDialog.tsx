import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useGetManyReference, useTranslate } from 'react-admin';
import type { Order } from '../../../domain/schemas/order';
import type { OrderItem } from '../../../domain/schemas/orderItem';
import type { RefundRequest } from '../../../domain/schemas/refund';
import { useFormatMoney } from '../../common/useFormatMoney';
import { leftToRefund } from './orderRefunds';
import { ReasonInput } from './ReasonInput';

const ORDER_ITEM_RESOURCE = 'ticket/ticketOrderItem';

type Part = 'whole' | 'items' | 'amount';

/** An amount typed in the console's way (a comma or a point), or NaN. */
const typedAmount = (text: string) => Number(text.trim().replace(',', '.'));

/**
 * What a refund gives back, chosen: the whole order left (default), some of its issued items not refunded yet
 * (for a viewer who may read them), or an amount; and why (required, prefilled for a late payment). Refund sends
 * the request; the dialog stays open while it runs.
 */
export const RefundDialog = ({
  order,
  reason: prefilled = '',
  running,
  onClose,
  onRefund,
}: {
  order: Order;
  /** the reason the dialog starts with */
  reason?: string;
  running: boolean;
  onClose: () => void;
  onRefund: (body: RefundRequest) => void;
}) => {
  const translate = useTranslate();
  const money = useFormatMoney();
  const [part, setPart] = useState<Part>('whole');
  const [reason, setReason] = useState(prefilled);
  const [amount, setAmount] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const { canAccess: readsItems = false } = useCanAccess({ resource: ORDER_ITEM_RESOURCE, action: 'list' });
  const late = Boolean(order.latePaymentAt) && order.paymentState !== 'paid';
  const { data: items = [] } = useGetManyReference<OrderItem>(
    ORDER_ITEM_RESOURCE,
    {
      target: 'orderId',
      id: order.id,
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'createdAt', order: 'ASC' },
    },
    { enabled: readsItems && !late },
  );
  const refundable = items.filter((item) => item.state === 'issued' && !item.refundId);
  const left = leftToRefund(order);
  const typed = typedAmount(amount);
  // two decimals at most: 0.29 is 28.999… cents in floating point, so compared within a millionth of a cent
  const amountValid =
    Number.isFinite(typed) && typed > 0 && Math.abs(typed * 100 - Math.round(typed * 100)) < 1e-6;
  const valid =
    reason.trim() !== '' &&
    (part === 'whole' || (part === 'items' ? chosen.length > 0 : amountValid)) &&
    !running;

  const body = (): RefundRequest => ({
    reason: reason.trim(),
    ...(part === 'items' ? { itemIds: chosen } : {}),
    ...(part === 'amount' ? { amount: typed } : {}),
  });
  const label = (item: OrderItem) =>
    `${item.productTitle ?? item.product.name} ${item.itemNumber ?? ''} – ${money(Number(item.discountedPrice), order.currency)}`;

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth onClick={(event) => event.stopPropagation()}>
      <DialogTitle>
        {translate('app.ticket.refund.dialogTitle', { orderNumber: order.orderNumber })}
      </DialogTitle>
      <DialogContent>
        {late && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('app.ticket.refund.latePaymentHelp')}
          </Alert>
        )}
        <RadioGroup value={part} onChange={(event) => setPart(event.target.value as Part)}>
          <FormControlLabel
            value="whole"
            control={<Radio />}
            label={translate('app.ticket.refund.whole', { amount: money(left, order.currency) })}
          />
          {!late && (
            <FormControlLabel
              value="items"
              control={<Radio />}
              disabled={refundable.length === 0}
              label={translate('app.ticket.refund.items')}
            />
          )}
          {part === 'items' && (
            <FormGroup sx={{ pl: 4 }}>
              {refundable.map((item) => (
                <FormControlLabel
                  key={item.id}
                  label={label(item)}
                  control={
                    <Checkbox
                      checked={chosen.includes(item.id)}
                      onChange={(event) =>
                        setChosen(
                          event.target.checked ? [...chosen, item.id] : chosen.filter((id) => id !== item.id),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          )}
          {!late && (
            <FormControlLabel
              value="amount"
              control={<Radio />}
              label={translate('app.ticket.refund.amount')}
            />
          )}
        </RadioGroup>
        {part === 'amount' && (
          <TextField
            label={translate('app.ticket.refund.amountLabel', { currency: order.currency })}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={amount !== '' && !amountValid}
            helperText={translate('app.ticket.refund.amountHelp', { amount: money(left, order.currency) })}
            inputMode="decimal"
            fullWidth
            sx={{ mt: 1 }}
          />
        )}
        <ReasonInput value={reason} onChange={setReason} spaced />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.action.cancel')}</Button>
        <Button variant="contained" color="error" disabled={!valid} onClick={() => onRefund(body())}>
          {translate('app.ticket.refund.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
