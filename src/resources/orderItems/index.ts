import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import { OrderItemEdit } from './OrderItemEdit';
import { OrderItemList } from './OrderItemList';
import { recordRepresentationOf } from '../../layout/recordRepresentation';

export default {
  list: OrderItemList,
  edit: OrderItemEdit,
  icon: ConfirmationNumberOutlinedIcon,
  recordRepresentation: recordRepresentationOf('ticket/ticketOrderItem'),
};
