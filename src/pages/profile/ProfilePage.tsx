import { Card, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ChangePasswordTab } from './ChangePasswordTab';
import { ProfileTab } from './ProfileTab';

/** /user/detail: the viewer's profile and the change of their password. */
export const ProfilePage = () => {
  const translate = useTranslate();
  const [tab, setTab] = useState<'profile' | 'password'>('profile');
  return (
    <Card sx={{ maxWidth: 720 }}>
      <Tabs value={tab} onChange={(_event, value: 'profile' | 'password') => setTab(value)}>
        <Tab value="profile" label={translate('app.profile.tabProfile')} />
        <Tab value="password" label={translate('app.profile.tabPassword')} />
      </Tabs>
      {tab === 'profile' ? <ProfileTab /> : <ChangePasswordTab />}
    </Card>
  );
};
