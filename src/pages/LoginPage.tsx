import LockIcon from '@mui/icons-material/Lock';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { LocalesMenuButton, useLocation, useLogin, useNotify, useTranslate } from 'react-admin';
import { redirectTarget } from '../auth/loginRedirect';
import { INVALID_CREDENTIALS } from '../authProvider';
import { EnvironmentBadge } from '../layout/EnvironmentBadge';

/** /login: e-mail and password; 'Invalid credentials' for a 401. */
export const LoginPage = () => {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const { search } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await login({ email: email.trim(), password }, redirectTarget(search));
    } catch (error) {
      const invalid = error instanceof Error && error.message === INVALID_CREDENTIALS;
      notify(invalid ? 'app.login.invalidCredentials' : 'app.login.failed', { type: 'error' });
      setPending(false);
    }
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'grey.100',
      }}
    >
      <Card component="form" onSubmit={submit} sx={{ width: 360 }}>
        <CardContent>
          <Stack spacing={2} alignItems="stretch">
            <Stack direction="row" alignItems="center" spacing={1}>
              <Avatar sx={{ bgcolor: 'secondary.main' }}>
                <LockIcon />
              </Avatar>
              <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }}>
                {translate('app.name')} · {translate('app.login.title')}
              </Typography>
              <EnvironmentBadge />
            </Stack>
            <TextField
              label={translate('app.login.email')}
              type="email"
              autoComplete="username"
              required
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <TextField
              label={translate('app.login.password')}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={pending}
              startIcon={pending ? <CircularProgress size={16} /> : null}
            >
              {translate('app.login.submit')}
            </Button>
            <Box sx={{ alignSelf: 'flex-end' }}>
              <LocalesMenuButton />
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
};
