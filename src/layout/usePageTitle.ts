import { useEffect } from 'react';
import { useLocation, useTranslate } from 'react-admin';
import { LABEL_OPTIONS, titleKeysFor } from './menuItems';

/** The page title, built from the menu labels of the current path; it also titles the browser tab. */
export function usePageTitle(): string {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const appName = translate('app.name');
  const labels = titleKeysFor(pathname).map((key) => translate(key, LABEL_OPTIONS));
  const current = labels.length ? labels[labels.length - 1] : '';
  useEffect(() => {
    document.title = current ? `${current} · ${appName}` : appName;
  }, [current, appName]);
  return labels.join(' › ') || appName;
}
