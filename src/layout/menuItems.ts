import type { SvgIconComponent } from '@mui/icons-material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import BarChartIcon from '@mui/icons-material/BarChart';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import DescriptionIcon from '@mui/icons-material/Description';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import ImageIcon from '@mui/icons-material/Image';
import KeyIcon from '@mui/icons-material/Key';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import { ticketMenuGroup } from '../resources/ticketMenu';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { REPORTS, reportPath, reportResource } from '../reports/reportDefinitions';

/** One entry of the left menu: a route, or the API documentation (docsUrl of /config.json). */
export interface MenuEntry {
  key: string;
  /** translation key */
  label: string;
  icon: SvgIconComponent;
  to?: string;
  external?: 'docs';
  /** shown when authProvider.canAccess allows listing this resource; without it, shown to everybody */
  resource?: string;
}

export interface MenuGroup {
  key: string;
  /** translation key; no label means entries at the top level */
  label?: string;
  entries: MenuEntry[];
}

/**
 * The left menu (spec section 6 table). Each screen adds its entry here; who sees it is decided by
 * authProvider.canAccess for the entry's resource, i.e. by domain/rights.ts.
 */
export const menuGroups: MenuGroup[] = [
  { key: 'main', entries: [{ key: 'home', label: 'app.menu.home', icon: HomeIcon, to: '/' }] },
  {
    key: 'passes',
    label: 'app.menu.passes',
    entries: [
      {
        key: 'passList',
        label: 'app.menu.passList',
        icon: ConfirmationNumberIcon,
        to: '/passes/pass',
        resource: 'passes/pass',
      },
      {
        key: 'templates',
        label: 'app.menu.templates',
        icon: DescriptionIcon,
        to: '/passes/template',
        resource: 'passes/template',
      },
      {
        key: 'images',
        label: 'app.menu.images',
        icon: ImageIcon,
        to: '/passes/image',
        resource: 'passes/image',
      },
      {
        key: 'certificates',
        label: 'app.menu.certificates',
        icon: WorkspacePremiumIcon,
        to: '/passes/certificate',
        resource: 'passes/certificate',
      },
    ],
  },
  {
    key: 'reports',
    label: 'app.menu.reports',
    entries: REPORTS.map((definition) => ({
      key: `report-${definition.slug}`,
      label: definition.label,
      icon: BarChartIcon,
      to: reportPath(definition),
      resource: reportResource(definition),
    })),
  },
  ticketMenuGroup,
  {
    key: 'identity',
    label: 'app.menu.identity',
    entries: [
      {
        key: 'projects',
        label: 'app.menu.projects',
        icon: AccountTreeIcon,
        to: '/identity/project',
        resource: 'identity/project',
      },
      {
        key: 'users',
        label: 'app.menu.users',
        icon: PeopleIcon,
        to: '/identity/user',
        resource: 'identity/user',
      },
      {
        key: 'apiClients',
        label: 'app.menu.apiClients',
        icon: KeyIcon,
        to: '/identity/apiClient',
        resource: 'identity/apiClient',
      },
      {
        key: 'audit',
        label: 'app.menu.audit',
        icon: HistoryIcon,
        to: '/identity/audit',
        resource: 'identity/audit',
      },
    ],
  },
  {
    key: 'docs',
    entries: [
      { key: 'documentation', label: 'app.menu.documentation', icon: MenuBookIcon, external: 'docs' },
    ],
  },
];

/** Pages reached from the user menu: their labels title those pages. */
export const userMenuPages = [
  { to: '/user/detail', label: 'app.userMenu.profile' },
  { to: '/about', label: 'app.userMenu.about' },
  { to: '/api/endpoints', label: 'app.userMenu.endpoints' },
];

export const menuResources = menuGroups.flatMap((group) =>
  group.entries.flatMap((entry) => (entry.resource ? [entry.resource] : [])),
);

/** The labels (translation keys) that title a path: its menu group and entry, longest matching route first. */
export function titleKeysFor(pathname: string): string[] {
  const matches = (to: string) => pathname === to || (to !== '/' && pathname.startsWith(`${to}/`));
  for (const page of userMenuPages) if (matches(page.to)) return [page.label];
  let best: { group: MenuGroup; entry: MenuEntry } | undefined;
  for (const group of menuGroups) {
    for (const entry of group.entries) {
      if (entry.to && matches(entry.to) && (!best || entry.to.length > (best.entry.to ?? '').length)) {
        best = { group, entry };
      }
    }
  }
  if (!best) return [];
  return best.group.label ? [best.group.label, best.entry.label] : [best.entry.label];
}
