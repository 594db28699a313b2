import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import { recordRepresentationOf } from '../../layout/recordRepresentation';
import { lazyScreen } from '../../common/lazyScreen';

const OrderItemEdit = lazyScreen(
  () => import('./OrderItemEdit'),
  (module) => module.OrderItemEdit,
);
const OrderItemList = lazyScreen(
  () => import('./OrderItemList'),
  (module) => module.OrderItemList,
);

export default {
  list: OrderItemList,
  edit: OrderItemEdit,
  icon: ConfirmationNumberOutlinedIcon,
  recordRepresentation: recordRepresentationOf('ticket/ticketOrderItem'),
};
