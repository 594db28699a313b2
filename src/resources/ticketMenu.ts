import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { resourceMenuEntries } from '../layout/resourceMenu';
import type { MenuGroup } from '../layout/menuTypes';

/** The ticket e-shop's menu entries (spec section 2 routes): the accounting, the gate, then the declared ticket resources. */
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
      key: 'ticketValidation',
      label: 'app.menu.ticketValidation',
      shortLabel: 'app.menu.ticketValidationShort',
      icon: QrCodeScannerIcon,
      to: '/ticket/validation',
      resource: 'ticket/validation',
    },
    ...resourceMenuEntries('ticket'),
  ],
};
