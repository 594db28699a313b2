import type { SvgIconComponent } from '@mui/icons-material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import CampaignIcon from '@mui/icons-material/Campaign';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import DescriptionIcon from '@mui/icons-material/Description';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import ImageIcon from '@mui/icons-material/Image';
import KeyIcon from '@mui/icons-material/Key';
import LocalActivityIcon from '@mui/icons-material/LocalActivity';
import LoyaltyIcon from '@mui/icons-material/Loyalty';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StorefrontIcon from '@mui/icons-material/Storefront';
import WebhookIcon from '@mui/icons-material/Webhook';
import WorkHistoryIcon from '@mui/icons-material/WorkHistory';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import type { MenuGroupKey, ResourceDescriptor } from '../../domain/resource';
import { RESOURCES } from '../../domain/resources';
import type { MenuEntry } from './menuTypes';

/** The icons the declarations name (their `menu.icon`, the Material icon's name). */
const ICONS: Readonly<Record<string, SvgIconComponent>> = {
  AccountTree: AccountTreeIcon,
  Campaign: CampaignIcon,
  ConfirmationNumber: ConfirmationNumberIcon,
  ConfirmationNumberOutlined: ConfirmationNumberOutlinedIcon,
  CurrencyExchange: CurrencyExchangeIcon,
  Description: DescriptionIcon,
  HowToReg: HowToRegIcon,
  Image: ImageIcon,
  Key: KeyIcon,
  LocalActivity: LocalActivityIcon,
  Loyalty: LoyaltyIcon,
  People: PeopleIcon,
  ReceiptLong: ReceiptLongIcon,
  Storefront: StorefrontIcon,
  Webhook: WebhookIcon,
  WorkHistory: WorkHistoryIcon,
  WorkspacePremium: WorkspacePremiumIcon,
};

/** The icon a declaration's menu entry names. */
export function menuIconOf(descriptor: ResourceDescriptor): SvgIconComponent {
  const name = descriptor.menu?.icon ?? '';
  const icon = ICONS[name];
  if (!icon) throw new Error(`The icon "${name}" of ${descriptor.name} is not in the menu's icons.`);
  return icon;
}

/**
 * The menu entries of the declared resources of a group (domain/resources.ts), in the order of their declarations:
 * each one's list, labelled with its resource's name and shown to whoever may list it.
 *
 * @example resourceMenuEntries('identity') // Projects, Users, API clients
 */
export function resourceMenuEntries(group: MenuGroupKey): MenuEntry[] {
  return RESOURCES.flatMap((descriptor) => {
    if (descriptor.menu?.group !== group) return [];
    const icon = menuIconOf(descriptor);
    return [
      {
        key: descriptor.route,
        label: `resources.${descriptor.route}.name`,
        icon,
        to: `/${descriptor.route}`,
        resource: descriptor.route,
      },
    ];
  });
}
