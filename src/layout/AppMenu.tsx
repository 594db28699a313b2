import { List, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import { Fragment } from 'react';
import { LinkBase, useCanAccessResources, useLocation, useTranslate } from 'react-admin';
import { useConfig } from '../config';
import { LABEL_OPTIONS, menuGroups, menuResources, type MenuEntry } from './menuItems';

const isActive = (pathname: string, to: string) =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);

/** The left menu: only the entries the viewer's rights allow. */
export const AppMenu = ({ onNavigate }: { onNavigate?: () => void }) => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { docsUrl } = useConfig();
  const { canAccess, isPending } = useCanAccessResources({ action: 'list', resources: menuResources });

  const visible = (entry: MenuEntry) =>
    !entry.resource || (!isPending && canAccess?.[entry.resource] === true);

  const renderEntry = (entry: MenuEntry) => {
    const Icon = entry.icon;
    const content = (
      <>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={translate(entry.label, LABEL_OPTIONS)} />
      </>
    );
    if (entry.external === 'docs') {
      return (
        <ListItemButton key={entry.key} component="a" href={docsUrl} target="_blank" rel="noreferrer">
          {content}
        </ListItemButton>
      );
    }
    const to = entry.to ?? '/';
    return (
      <ListItemButton
        key={entry.key}
        component={LinkBase}
        to={to}
        selected={isActive(pathname, to)}
        onClick={onNavigate}
      >
        {content}
      </ListItemButton>
    );
  };

  return (
    <List component="nav" aria-label={translate('app.menu.open')} aria-busy={isPending} dense>
      {menuGroups.map((group) => {
        const entries = group.entries.filter(visible);
        if (entries.length === 0) return null;
        return (
          <Fragment key={group.key}>
            {group.label && (
              <ListSubheader disableSticky sx={{ lineHeight: '32px', mt: 1 }}>
                {translate(group.label)}
              </ListSubheader>
            )}
            {entries.map(renderEntry)}
          </Fragment>
        );
      })}
    </List>
  );
};
