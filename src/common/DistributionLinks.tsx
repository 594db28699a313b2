import { Alert, Link, Stack, Typography } from '@mui/material';
import { useFormIsDirty, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Template } from '../../domain/schemas/template';
import { useConfig } from '../config';
import { distributionLinks } from './distributionLinks';

/**
 * A distributable template's public link and QR code link; while the form has unsaved edits, a warning
 * that the link still hands out the saved template.
 */
export const DistributionLinks = () => {
  const translate = useTranslate();
  const template = useRecordContext<Template>();
  const { passBase } = useConfig();
  const distributable = useWatch({ name: 'distributable' }) === true;
  const isDirty = useFormIsDirty();
  if (!template || !distributable) return null;
  const { link, qrCode } = distributionLinks(passBase, window.location.origin, template.id);
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Typography variant="body2">
        {translate('app.template.publicLink')}:{' '}
        <Link href={link} target="_blank" rel="noreferrer">
          {link}
        </Link>
      </Typography>
      <Typography variant="body2">
        {translate('app.template.qrLink')}:{' '}
        <Link href={qrCode} target="_blank" rel="noreferrer">
          {qrCode}
        </Link>
      </Typography>
      {isDirty && <Alert severity="warning">{translate('app.template.changesNotSaved')}</Alert>}
    </Stack>
  );
};
