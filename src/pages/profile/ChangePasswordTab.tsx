import { Button, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/password';
import { useNotifyResult } from '../../common/useNotifyResult';
import type { CoreDataProvider } from '../../dataProviders/coreDataProvider';
import { errorMessage, errorStatus } from '../../dataProviders/httpClient';

interface Passwords {
  current: string;
  next: string;
  again: string;
}
type Errors = Partial<Record<keyof Passwords, string>>;

/** The client-side rules of spec section 5; the server checks the rest (case mix, special character). */
export function passwordErrors({ current, next, again }: Passwords): Errors {
  const errors: Errors = {};
  if (!current) errors.current = 'app.profile.currentEmpty';
  if (next.length < PASSWORD_MIN) errors.next = 'app.profile.tooShort';
  if (next !== again) errors.again = 'app.profile.notMatch';
  return errors;
}

const EMPTY: Passwords = { current: '', next: '', again: '' };

/** Change of the viewer's password: POST {core}/v1/user/me/changePassword. */
export const ChangePasswordTab = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<CoreDataProvider>();
  const notifyResult = useNotifyResult();
  const [values, setValues] = useState<Passwords>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  const field = (name: keyof Passwords, label: string, autoComplete: string) => (
    <TextField
      label={translate(label)}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name] ? translate(errors[name]) : ' '}
      slotProps={{ htmlInput: { maxLength: name === 'current' ? PASSWORD_MAX : undefined } }}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = passwordErrors(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      await dataProvider.changeOwnPassword(values.current, values.next);
      setValues(EMPTY);
      notifyResult('success', 'app.profile.changed', {}, 'app.profile.changedText');
    } catch (error) {
      // too many wrong passwords (429): the server's message says when to try again
      const detail = errorStatus(error) === 429 ? errorMessage(error) : 'app.profile.notSecure';
      notifyResult('error', 'app.profile.failed', {}, detail);
    } finally {
      setPending(false);
    }
  };

  return (
    <CardContent component="form" onSubmit={submit} noValidate>
      <Stack spacing={1} sx={{ maxWidth: 420 }}>
        {field('current', 'app.profile.currentPassword', 'current-password')}
        {field('next', 'app.profile.newPassword', 'new-password')}
        {field('again', 'app.profile.confirmPassword', 'new-password')}
        <Typography variant="body2" color="text.secondary">
          {translate('app.profile.rule')}
        </Typography>
        <Button type="submit" variant="contained" disabled={pending} sx={{ alignSelf: 'flex-start' }}>
          {translate('app.profile.submit')}
        </Button>
      </Stack>
    </CardContent>
  );
};
