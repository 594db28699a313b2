import { Avatar } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetIdentity } from 'react-admin';
import { gravatarUrl, initialsOf } from './gravatar';

/** The viewer's Gravatar; the initials show while it loads and when there is none (the image fails). */
export const UserAvatar = ({ size = 32 }: { size?: number }) => {
  const { identity } = useGetIdentity();
  const email = typeof identity?.email === 'string' ? identity.email : '';
  const [src, setSrc] = useState<string | undefined>(undefined);

  useEffect(() => {
    let current = true;
    gravatarUrl(email)
      .then((url) => current && setSrc(url ?? undefined))
      .catch(() => current && setSrc(undefined));
    return () => {
      current = false;
    };
  }, [email]);

  return (
    <Avatar src={src} alt={identity?.fullName} sx={{ width: size, height: size, fontSize: size * 0.45 }}>
      {initialsOf(identity?.fullName, email)}
    </Avatar>
  );
};
