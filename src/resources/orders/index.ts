import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { Order } from '../../../domain/schemas/order';
import { OrderEdit } from './OrderEdit';
import { OrderList } from './OrderList';

export default {
  list: OrderList,
  edit: OrderEdit,
  icon: ReceiptLongIcon,
  recordRepresentation: (order: Order) => order.orderNumber,
};
