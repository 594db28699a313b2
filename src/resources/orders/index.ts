import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { OrderEdit } from './OrderEdit';
import { OrderList } from './OrderList';
import { recordRepresentationOf } from '../../layout/recordRepresentation';

export default {
  list: OrderList,
  edit: OrderEdit,
  icon: ReceiptLongIcon,
  recordRepresentation: recordRepresentationOf('ticket/ticketOrder'),
};
