import { Chip, Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { certificateExpiryState } from '../../../domain/certificateExpiry';
import type { Certificate } from '../../../domain/schemas/certificate';
import { DateTimeField } from '../../common/DateTimeField';

/**
 * Where a certificate stands: valid, expires in N days (30 or fewer) or expired, on a chip of its colour; nothing
 * while no certificate file was uploaded.
 *
 * @example <CertificateExpiryChip expiration={certificate.expiration} />
 */
export const CertificateExpiryChip = ({ expiration }: { expiration: string | null | undefined }) => {
  const translate = useTranslate();
  const expiry = certificateExpiryState(expiration);
  if (expiry.state === 'none') return null;
  const label =
    expiry.state === 'expiring'
      ? translate('app.certificate.expiresIn', { smart_count: expiry.days })
      : translate(`app.certificate.${expiry.state}`);
  const color = { valid: 'success', expiring: 'warning', expired: 'error' } as const;
  return <Chip size="small" label={label} color={color[expiry.state]} />;
};

/** The `expiration` column and field of a certificate: the date and time, and its state's chip. */
export const CertificateExpiry = ({
  source = 'expiration',
}: {
  source?: string;
  sortable?: boolean;
  label?: string;
}) => {
  const certificate = useRecordContext<Certificate>();
  if (!certificate?.expiration) return <span>—</span>;
  return (
    <Stack direction="row" spacing={1} alignItems="center" component="span">
      <DateTimeField source={source} />
      <CertificateExpiryChip expiration={certificate.expiration} />
    </Stack>
  );
};
