import { Avatar, Box } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetIdentity } from 'react-admin';
import { gravatarUrl, initialsOf } from './gravatar';

/**
 * The viewer's initials with their Gravatar over them: a person without a Gravatar gets a transparent picture
 * (d=blank), so the initials show and no request fails; one that cannot load is hidden.
 */
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
    <Avatar sx={{ width: size, height: size, fontSize: size * 0.45 }}>
      {initialsOf(identity?.fullName, email)}
      {src && (
        <Box
          component="img"
          src={src}
          alt={identity?.fullName ?? ''}
          onError={() => setSrc(undefined)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
    </Avatar>
  );
};
