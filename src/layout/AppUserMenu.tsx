import InfoIcon from '@mui/icons-material/Info';
import LanIcon from '@mui/icons-material/Lan';
import PersonIcon from '@mui/icons-material/Person';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase, Logout, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { UserAvatar } from './UserAvatar';

const UserMenuLink = ({ to, label, icon }: { to: string; label: string; icon: ReactNode }) => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={LinkBase} to={to} onClick={userMenu?.onClose}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
};

/** Profile, about, endpoints and logout, behind the viewer's avatar. */
export const AppUserMenu = () => (
  <UserMenu icon={<UserAvatar />}>
    <UserMenuLink to="/user/detail" label="app.userMenu.profile" icon={<PersonIcon fontSize="small" />} />
    <UserMenuLink to="/about" label="app.userMenu.about" icon={<InfoIcon fontSize="small" />} />
    <UserMenuLink to="/api/endpoints" label="app.userMenu.endpoints" icon={<LanIcon fontSize="small" />} />
    <Logout />
  </UserMenu>
);
