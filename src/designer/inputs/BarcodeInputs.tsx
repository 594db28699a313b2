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
  FALLBACK_BARCODE_FORMATS,
  changeFallbackFormat,
  newBarcode,
  removeBarcode,
} from '../designerRules';
import { ValueInput } from '../values/ValueInput';
import { withBarcodeChange } from './templateEdits';
import { useErrorMessages } from './useProblems';

type BarcodeFormat = BarcodeT['format'];
const t = (key: string) => `app.designer.inputs.barcode.${key}`;

/**
 * The pass's barcode: its format (Code 128 brings a fallback barcode for old iOS, in a format of its own),
 * message, encoding and the text below it. A change goes to both barcodes; removing it removes all barcode data.
 */
export const BarcodeInputs = () => {
  const translate = useTranslate();
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
        {barcode.format === CODE128 && (
          <TextField
            select
            label={translate(t('fallbackFormat'))}
            value={fallback?.format ?? ''}
            disabled={readOnly}
            size="small"
            sx={{ minWidth: 160 }}
            helperText={translate(t('fallbackHelp'))}
            onChange={(event) =>
              update((template) => ({
                ...template,
                barcodes: changeFallbackFormat(template.barcodes ?? [], event.target.value as BarcodeFormat),
              }))
            }
          >
            {FALLBACK_BARCODE_FORMATS.map((format) => (
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
