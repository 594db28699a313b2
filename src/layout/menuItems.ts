import BarChartIcon from '@mui/icons-material/BarChart';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import StampIcon from '@mui/icons-material/Approval';
import { REPORTS, reportPath, reportResource } from '../reports/reportDefinitions';
import { ticketMenuGroup } from '../resources/ticketMenu';
import { resourceMenuEntries } from './resourceMenu';

import type { MenuEntry, MenuGroup } from './menuTypes';

export type { MenuEntry, MenuGroup };

/** How labels are read: a resource's name in the plural; other labels have one form. */
export const LABEL_OPTIONS = { smart_count: 2 };

/**
 * The left menu (spec section 6 table). Declared resources come with their `menu` (domain/resources.ts); other
 * screens add their entry here. Who sees an entry is decided by authProvider.canAccess for its resource.
 */
export const menuGroups: MenuGroup[] = [
  { key: 'main', entries: [{ key: 'home', label: 'app.menu.home', icon: HomeIcon, to: '/' }] },
  {
    key: 'passes',
    label: 'app.menu.passes',
    entries: [
      ...resourceMenuEntries('passes'),
      {
        key: 'stamp',
        label: 'app.menu.stamp',
        shortLabel: 'app.menu.stampShort',
        icon: StampIcon,
        to: '/stamp',
        resource: 'stamp',
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
      ...resourceMenuEntries('identity'),
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

const matcherOf = (pathname: string) => (to: string) =>
  pathname === to || (to !== '/' && pathname.startsWith(`${to}/`));

/** The menu entry of a path, and its group: the longest matching route. */
function menuEntryOf(pathname: string): { group: MenuGroup; entry: MenuEntry } | undefined {
  const matches = matcherOf(pathname);
  let best: { group: MenuGroup; entry: MenuEntry } | undefined;
  for (const group of menuGroups) {
    for (const entry of group.entries) {
      if (entry.to && matches(entry.to) && (!best || entry.to.length > (best.entry.to ?? '').length)) {
        best = { group, entry };
      }
    }
  }
  return best;
}

/** The labels (translation keys) that title a path: its menu group and entry, longest matching route first. */
export function titleKeysFor(pathname: string): string[] {
  const matches = matcherOf(pathname);
  for (const page of userMenuPages) if (matches(page.to)) return [page.label];
  const best = menuEntryOf(pathname);
  if (!best) return [];
  return best.group.label ? [best.group.label, best.entry.label] : [best.entry.label];
}

/**
 * The label (translation key) that titles a path on a phone: its entry's short label, else its entry's label alone.
 *
 * @example shortTitleKeyFor('/ticket/validation') // 'app.menu.ticketValidationShort'
 */
export function shortTitleKeyFor(pathname: string): string | undefined {
  const matches = matcherOf(pathname);
  for (const page of userMenuPages) if (matches(page.to)) return page.label;
  const entry = menuEntryOf(pathname)?.entry;
  return entry ? (entry.shortLabel ?? entry.label) : undefined;
}
