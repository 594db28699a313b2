import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { recordRepresentationOf } from '../../layout/recordRepresentation';
import { lazyScreen } from '../../common/lazyScreen';

const OrderEdit = lazyScreen(
  () => import('./OrderEdit'),
  (module) => module.OrderEdit,
);
const OrderList = lazyScreen(
  () => import('./OrderList'),
  (module) => module.OrderList,
);

export default {
  list: OrderList,
  edit: OrderEdit,
  icon: ReceiptLongIcon,
  recordRepresentation: recordRepresentationOf('ticket/ticketOrder'),
};
