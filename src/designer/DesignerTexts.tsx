import type { ReactNode } from 'react';
import { ScreenTexts } from '../i18n/ScreenTexts';
import { designerMessages } from './designerMessages';

/**
 * The designer's texts (designerMessages, keys under app.designer) for everything inside it: they load with the
 * designer's chunk, not the console's first load.
 */
export const DesignerTexts = ({ children }: { children: ReactNode }) => (
  <ScreenTexts tables={designerMessages} prefix="app.designer">
    {children}
  </ScreenTexts>
);
