import { access } from '../../domain/consoleAreas';
import { type RightsHolder } from '../../domain/rights';
import { canAccessResource } from '../auth/canAccessResource';

export interface HomeLink {
  /** a translation key (a resource's name reads in the plural) */
  label: string;
  to?: string;
  href?: 'docs';
}

export interface HomeSection {
  /** names its texts: app.home.{key}.title and app.home.{key}.text */
  key: string;
  visible: (viewer: RightsHolder) => boolean;
  links: HomeLink[];
}

/** Who sees a screen as the menu decides it (authProvider.canAccess): its list's rule, or its area's. */
const seesScreen = (route: string) => (viewer: RightsHolder) => canAccessResource(viewer, route, 'list');

const open = (to: string): HomeLink => ({ label: 'app.home.open', to });

/**
 * The home page's sections (spec section 2, route /), each shown by the viewer's rights: the passes' areas, the
 * ticket areas by the menu's rules (a gate keeper sees the gate, an e-shop reader the e-shops and orders…), the
 * documentation for all, identity management for administrators.
 */
export const homeSections: HomeSection[] = [
  { key: 'passes', visible: access.passes, links: [open('/passes/pass')] },
  { key: 'templates', visible: access.templates, links: [open('/passes/template')] },
  { key: 'images', visible: access.adminOnly, links: [open('/passes/image')] },
  { key: 'certificates', visible: access.certificates, links: [open('/passes/certificate')] },
  {
    key: 'stamp',
    visible: seesScreen('stamp'),
    links: [open('/stamp'), { label: 'resources.passes/stampCard.name', to: '/passes/stampCard' }],
  },
  { key: 'reports', visible: access.reports, links: [open('/report/passinwalletoverview')] },
  { key: 'eshops', visible: seesScreen('ticket/ticketEshop'), links: [open('/ticket/ticketEshop')] },
  { key: 'products', visible: seesScreen('ticket/ticketProduct'), links: [open('/ticket/ticketProduct')] },
  {
    key: 'orders',
    visible: seesScreen('ticket/ticketOrder'),
    links: [
      open('/ticket/ticketOrder'),
      { label: 'app.menu.ticketOrderItem', to: '/ticket/ticketOrderItem' },
    ],
  },
  {
    key: 'ticketValidation',
    visible: seesScreen('ticket/validation'),
    links: [
      open('/ticket/validation'),
      { label: 'resources.ticket/ticketEntry.name', to: '/ticket/ticketEntry' },
    ],
  },
  {
    key: 'accounting',
    visible: seesScreen('ticket/ticketAccounting'),
    links: [open('/ticket/ticketAccounting')],
  },
  { key: 'documentation', visible: () => true, links: [{ label: 'app.home.apiDocs', href: 'docs' }] },
  {
    key: 'identity',
    visible: access.adminOnly,
    links: [
      { label: 'app.menu.projects', to: '/identity/project' },
      { label: 'app.menu.users', to: '/identity/user' },
    ],
  },
];
