import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import LocalActivityIcon from '@mui/icons-material/LocalActivity';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { MenuGroup } from '../layout/menuItems';

/** The ticket e-shop's menu entries (spec section 2 routes); who sees each is decided by its resource's rights. */
export const ticketMenuGroup: MenuGroup = {
  key: 'ticket',
  label: 'app.menu.ticket',
  entries: [
    {
      key: 'ticketAccounting',
      label: 'app.menu.ticketAccounting',
      icon: AccountBalanceIcon,
      to: '/ticket/ticketAccounting',
      resource: 'ticket/ticketAccounting',
    },
    {
      key: 'ticketEshop',
      label: 'app.menu.ticketEshop',
      icon: StorefrontIcon,
      to: '/ticket/ticketEshop',
      resource: 'ticket/ticketEshop',
    },
    {
      key: 'ticketProduct',
      label: 'app.menu.ticketProduct',
      icon: LocalActivityIcon,
      to: '/ticket/ticketProduct',
      resource: 'ticket/ticketProduct',
    },
    {
      key: 'ticketOrder',
      label: 'app.menu.ticketOrder',
      icon: ReceiptLongIcon,
      to: '/ticket/ticketOrder',
      resource: 'ticket/ticketOrder',
    },
    {
      key: 'ticketOrderItem',
      label: 'app.menu.ticketOrderItem',
      icon: ConfirmationNumberOutlinedIcon,
      to: '/ticket/ticketOrderItem',
      resource: 'ticket/ticketOrderItem',
    },
  ],
};
