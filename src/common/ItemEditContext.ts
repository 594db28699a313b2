import { createContext, useContext } from 'react';
import type { TObject } from '@sinclair/typebox';
import type { FormTab } from './FormTabs';

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
