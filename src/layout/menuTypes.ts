import type { SvgIconComponent } from '@mui/icons-material';

/** One entry of the left menu: a route, or the API documentation (docsUrl of /config.json). */
export interface MenuEntry {
  key: string;
  /** translation key, read in the plural (a resource's entry is labelled with its name: `resources.<route>.name`) */
  label: string;
  /** translation key of the title on a phone, where the whole one would be cut (the gate, the till) */
  shortLabel?: string;
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
