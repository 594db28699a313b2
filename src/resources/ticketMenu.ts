import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { resourceMenuEntries } from '../layout/resourceMenu';
import type { MenuGroup } from '../layout/menuItems';

/** The ticket e-shop's menu entries (spec section 2 routes): the accounting, then the declared ticket resources. */
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
    ...resourceMenuEntries('ticket'),
  ],
};
