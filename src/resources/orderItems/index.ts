import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import type { OrderItem } from '../../../domain/schemas/orderItem';
import { OrderItemEdit } from './OrderItemEdit';
import { OrderItemList } from './OrderItemList';

export default {
  list: OrderItemList,
  edit: OrderItemEdit,
  icon: ConfirmationNumberOutlinedIcon,
  recordRepresentation: (item: OrderItem) => item.itemNumber ?? item.id,
};
