import { createContext, useContext } from 'react';
import type { TObject } from '@sinclair/typebox';
import type { ReactNode } from 'react';

export interface FormTab {
  key: string;
  /** already translated */
  label: string;
  /** marks the tab (red, with an icon) when something in it needs correcting */
  error?: boolean;
  content: ReactNode;
  /**
   * rendered only while chosen: for tabs whose inputs need not validate while hidden (their values are checked
   * elsewhere), so that typing in one tab does not re-render the others
   */
  lazy?: boolean;
}

/** What an item's page (or a create page) tells the pieces inside its form. */
export interface ItemEditSettings {
  /** the body the form writes: the resource's create or update schema */
  writeSchema?: TObject;
  /** the viewer may read the item but not change it */
  readOnly: boolean;
  /** tabs every item page has (JSON for admins, History), added after the form's own tabs */
  itemTabs: FormTab[];
}

export const ItemEditContext = createContext<ItemEditSettings>({ readOnly: false, itemTabs: [] });

/** The settings of the item page around (none outside one). */
export const useItemEdit = () => useContext(ItemEditContext);
