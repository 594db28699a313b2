import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { JsonInput } from '../../../common/JsonEditor';
import { RotatingBarcodeInputs } from './RotatingBarcodeInputs';

/** Google's reference of the Wallet objects and classes an object template holds. */
export const GOOGLE_WALLET_DOCS = 'https://developers.google.com/wallet/reference/rest';

const SOURCE = 'saveToGooglePayObjectTemplate';

/** A loyalty card filled from the pass's dynamic data: what an object template looks like. */
export const OBJECT_TEMPLATE_EXAMPLE = {
  loyaltyObject: {
    state: 'ACTIVE',
    accountName: '#{name}',
    loyaltyPoints: { label: 'Points', balance: { int: '#{points}' } },
    barcode: { type: 'QR_CODE', value: '#{passId}' },
  },
  loyaltyClass: {
    issuerName: 'Acme',
    programName: 'Acme Rewards',
    reviewStatus: 'UNDER_REVIEW',
  },
};

const paragraphs = ['intro', 'placeholders', 'eventTickets', 'callbacks'] as const;

/**
 * Admins: the template's Google Wallet object template as JSON, with what it is, an example (which an empty one can
 * take) and Google's reference above the editor.
 */
export const GoogleWalletTab = ({ label, readOnly }: { label: string; readOnly: boolean }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const current: unknown = useWatch({ name: SOURCE });
  const empty = current === null || current === undefined;
  return (
    <Stack spacing={1.5}>
      {paragraphs.map((key) => (
        <Typography key={key} variant="body2">
          {translate(`app.template.googleWallet.${key}`)}
        </Typography>
      ))}
      <Typography variant="subtitle2">{translate('app.template.googleWallet.example')}</Typography>
      <Box
        component="pre"
        aria-label={translate('app.template.googleWallet.example')}
        sx={{ m: 0, p: 1, bgcolor: 'action.hover', fontSize: 12, overflowX: 'auto' }}
      >
        {JSON.stringify(OBJECT_TEMPLATE_EXAMPLE, null, 2)}
      </Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {!readOnly && (
          <Button
            size="small"
            disabled={!empty}
            onClick={() => setValue(SOURCE, OBJECT_TEMPLATE_EXAMPLE, { shouldDirty: true })}
          >
            {translate('app.template.googleWallet.useExample')}
          </Button>
        )}
        <Link href={GOOGLE_WALLET_DOCS} target="_blank" rel="noopener noreferrer" variant="body2">
          {translate('app.template.googleWallet.docs')}
        </Link>
      </Stack>
      <JsonInput source={SOURCE} label={label} allowNull readOnly={readOnly} />
      <RotatingBarcodeInputs readOnly={readOnly} />
    </Stack>
  );
};
