import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BarcodeT } from '../../../domain/template/jsonTemplateSchema';
import { BARCODE_FORMATS } from '../../../domain/template/limits';
import { DEFAULT_BARCODE_ENCODING } from '../../../domain/template/defaults';
import { useDesigner } from '../DesignerContext';
import {
  CODE128,
  changeFallbackFormat,
  fallbackFormatsFor,
  newBarcode,
  removeBarcode,
} from '../designerRules';
import { useIosTranslate } from '../useIosTranslate';
import { ValueInput } from '../values/ValueInput';
import { withBarcodeChange } from './templateEdits';
import { useErrorMessages } from './useProblems';

type BarcodeFormat = BarcodeT['format'];
const t = (key: string) => `app.designer.inputs.barcode.${key}`;

/**
 * The pass's barcode: its format (Code 128 and iOS 27's formats bring a fallback barcode for older iOS, in a
 * classic format of its own),
 * message, encoding and the text below it. A change goes to both barcodes; removing it removes all barcode data.
 */
export const BarcodeInputs = () => {
  const translate = useTranslate();
  const translateIos = useIosTranslate();
  const { jsonTemplate, readOnly, update } = useDesigner();
  const encodingProblems = useErrorMessages('/barcodes/0/messageEncoding');
  const barcode = jsonTemplate.barcodes?.[0];
  const change = (value: Partial<BarcodeT>) => update((template) => withBarcodeChange(template, value));

  if (!barcode)
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography color="text.secondary">{translate(t('none'))}</Typography>
        {!readOnly && (
          <Button
            startIcon={<AddIcon />}
            onClick={() => update((template) => ({ ...template, barcodes: [newBarcode()] }))}
          >
            {translate(t('add'))}
          </Button>
        )}
      </Stack>
    );

  const fallback = jsonTemplate.barcodes?.[1];
  const fallbackFormats = fallbackFormatsFor(barcode.format);
  const formatName = translate(t(`formats.${barcode.format}`));
  return (
    <>
      <Stack direction="row" spacing={2}>
        <TextField
          select
          label={translate(t('format'))}
          value={barcode.format}
          disabled={readOnly}
          size="small"
          sx={{ minWidth: 160 }}
          onChange={(event) => change({ format: event.target.value as BarcodeFormat })}
        >
          {BARCODE_FORMATS.map((format) => (
            <MenuItem key={format} value={format}>
              {translate(t(`formats.${format}`))}
            </MenuItem>
          ))}
        </TextField>
        {fallbackFormats.length > 0 && (
          <TextField
            select
            label={
              barcode.format === CODE128
                ? translate(t('fallbackFormat'))
                : translateIos('barcode.classicFallback')
            }
            value={fallback?.format ?? ''}
            disabled={readOnly}
            size="small"
            sx={{ minWidth: 160 }}
            helperText={
              barcode.format === CODE128
                ? translate(t('fallbackHelp'))
                : translateIos('barcode.classicFallbackHelp', { format: formatName })
            }
            onChange={(event) =>
              update((template) => ({
                ...template,
                barcodes: changeFallbackFormat(template.barcodes ?? [], event.target.value as BarcodeFormat),
              }))
            }
          >
            {fallbackFormats.map((format) => (
              <MenuItem key={format} value={format}>
                {translate(t(`formats.${format}`))}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      <ValueInput
        label={translate(t('message'))}
        path="/barcodes/0/message"
        value={barcode.message}
        onChange={(value) => change({ message: (value ?? '') as BarcodeT['message'] })}
        kind="string"
        required
        fallbackRequired
        readOnly={readOnly}
      />
      <TextField
        label={translate(t('messageEncoding'))}
        value={barcode.messageEncoding}
        size="small"
        placeholder={DEFAULT_BARCODE_ENCODING}
        error={encodingProblems.length > 0}
        helperText={encodingProblems[0]}
        slotProps={{ input: { readOnly } }}
        onChange={(event) => change({ messageEncoding: event.target.value })}
        onBlur={(event) => {
          if (!readOnly && !event.target.value.trim()) change({ messageEncoding: DEFAULT_BARCODE_ENCODING });
        }}
      />
      <ValueInput
        label={translate(t('altText'))}
        path="/barcodes/0/altText"
        value={barcode.altText}
        onChange={(value) => change({ altText: value as BarcodeT['altText'] })}
        kind="string"
        fallbackRequired
        readOnly={readOnly}
      />
      {!readOnly && (
        <Box>
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => update(removeBarcode)}>
            {translate(t('remove'))}
          </Button>
        </Box>
      )}
    </>
  );
};
