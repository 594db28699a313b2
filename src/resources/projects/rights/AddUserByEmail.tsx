import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { User } from '../../../../domain/schemas/user';
import type { CoreDataProvider } from '../../../dataProviders/coreDataProvider';

/**
 * Finds a user by e-mail (GET {core}/v1/user/byEmail/{email}); an unknown address is said inline.
 * Other failures go to `onError`.
 */
export const AddUserByEmail = ({
  isPresent,
  onFound,
  onError,
}: {
  isPresent: (userId: string) => boolean;
  onFound: (user: User) => void;
  onError: (error: unknown) => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<CoreDataProvider>();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    setPending(true);
    setMessage(null);
    try {
      const user = await dataProvider.getUserByEmail(address);
      if (!user) setMessage(translate('app.project.userNotFound', { email: address }));
      else if (isPresent(user.id)) setMessage(translate('app.project.alreadyMember'));
      else {
        onFound(user);
        setEmail('');
      }
    } catch (error) {
      onError(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack component="form" onSubmit={add} spacing={1} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} alignItems="center">
        <TextField
          size="small"
          type="email"
          label={translate('app.project.addEmail')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          sx={{ width: 360, maxWidth: '100%' }}
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<PersonAddIcon />}
          disabled={pending || !email.trim()}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          {translate('app.project.addUser')}
        </Button>
      </Stack>
      {message && (
        <Typography color="error" role="status">
          {message}
        </Typography>
      )}
    </Stack>
  );
};
