import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Link, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Eshop } from '../../../domain/schemas/eshop';
import { storefrontPath } from '../../../domain/ticket/storefrontPath';

/** The e-shop's public storefront, its address shown whole to be copied, opened in a new tab. */
export const StorefrontLink = () => {
  const eshop = useRecordContext<Eshop>();
  const translate = useTranslate();
  if (!eshop?.id) return null;
  const path = storefrontPath(String(eshop.id));
  return (
    <Typography component="div" variant="body2" sx={{ mb: 2 }}>
      {translate('app.ticket.eshop.storefront')}{' '}
      <Link
        href={path}
        target="_blank"
        rel="noopener"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, wordBreak: 'break-all' }}
      >
        {`${window.location.origin}${path}`}
        <OpenInNewIcon fontSize="inherit" />
      </Link>
    </Typography>
  );
};
