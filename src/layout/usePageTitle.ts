import { useEffect } from 'react';
import { useLocation, useTranslate } from 'react-admin';
import { LABEL_OPTIONS, shortTitleKeyFor, titleKeysFor } from './menuItems';

/**
 * The page title, built from the menu labels of the current path ("Ticket e-shop › Ticket validation"), and its
 * short form for a phone's top bar ("Gate"); the page's own label also titles the browser tab.
 */
export function usePageTitle(): { title: string; shortTitle: string } {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const appName = translate('app.name');
  const labels = titleKeysFor(pathname).map((key) => translate(key, LABEL_OPTIONS));
  const current = labels.length ? labels[labels.length - 1] : '';
  const shortKey = shortTitleKeyFor(pathname);
  useEffect(() => {
    document.title = current ? `${current} · ${appName}` : appName;
  }, [current, appName]);
  return {
    title: labels.join(' › ') || appName,
    shortTitle: shortKey ? translate(shortKey, LABEL_OPTIONS) : appName,
  };
}
