import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { BooleanInput, NumberInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  DEFAULT_ROTATION_DIGITS,
  DEFAULT_ROTATION_PERIOD_SECONDS,
} from '../../../../domain/template/googleWalletOptions';

const SOURCE = 'googleWallet';

/**
 * The template's rotating barcode in Google Wallet: on, its passes show `<ticket code>~<live code>` that changes each
 * period and that the gate checks; off, the template has no Google Wallet settings.
 */
export const RotatingBarcodeInputs = ({ readOnly }: { readOnly: boolean }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const options: { rotatingBarcode?: object } | null | undefined = useWatch({ name: SOURCE });
  const on = Boolean(options?.rotatingBarcode);
  const toggle = (checked: boolean) =>
    setValue(
      SOURCE,
      checked
        ? {
            rotatingBarcode: {
              periodSeconds: DEFAULT_ROTATION_PERIOD_SECONDS,
              digits: DEFAULT_ROTATION_DIGITS,
              required: false,
            },
          }
        : null,
      { shouldDirty: true },
    );
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{translate('app.template.rotatingBarcode.title')}</Typography>
      <Typography variant="body2">{translate('app.template.rotatingBarcode.help')}</Typography>
      <FormControlLabel
        control={
          <Switch checked={on} disabled={readOnly} onChange={(event) => toggle(event.target.checked)} />
        }
        label={translate('app.template.rotatingBarcode.on')}
      />
      {on && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <NumberInput
            source={`${SOURCE}.rotatingBarcode.periodSeconds`}
            label="app.template.rotatingBarcode.periodSeconds"
            min={5}
            max={300}
            readOnly={readOnly}
          />
          <NumberInput
            source={`${SOURCE}.rotatingBarcode.digits`}
            label="app.template.rotatingBarcode.digits"
            min={6}
            max={8}
            readOnly={readOnly}
          />
          <BooleanInput
            source={`${SOURCE}.rotatingBarcode.required`}
            label="app.template.rotatingBarcode.required"
            helperText="app.template.rotatingBarcode.requiredHelp"
            readOnly={readOnly}
          />
        </Stack>
      )}
    </Stack>
  );
};
