import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { rightNames } from '../../domain/rights';

/**
 * A rights bitmask as people read it, in the console's language: the labels of its rights joined by commas, or
 * "project access only" for a bare membership (0). One wording for the rights list, its messages and the profile.
 *
 * @example const rightsInWords = useRightsInWords(); rightsInWords(6) // 'Read passes and reports, Update passes'
 */
export function useRightsInWords(): (mask: number) => string {
  const translate = useTranslate();
  return useCallback(
    (mask) => {
      const names = rightNames(mask);
      if (names.length === 0) return translate('app.rights.PROJECT_ACCESS');
      return names.map((name) => translate(`app.rights.${name}`)).join(', ');
    },
    [translate],
  );
}
