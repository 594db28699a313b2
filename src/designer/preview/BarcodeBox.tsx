import Box from '@mui/material/Box';
import { memo, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { BarcodeT } from '../../../domain/template/jsonTemplateSchema';
import { useDesigner } from '../DesignerContext';
import { BARCODE_FORMAT_NAMES, barcodeSymbol, isSquareFormat } from './barcodeSymbol';
import { displayText } from './displayValue';
import { usePreview } from './PreviewContext';

const SQUARE_SIZE = 110;
const WIDE_WIDTH = 240;
const WIDE_MAX_HEIGHT = 70;

const SymbolBox = memo(function SymbolBox({
  format,
  message,
  altText,
}: {
  format: BarcodeT['format'];
  message: string;
  altText: string;
}) {
  const translate = useTranslate();
  const symbol = useMemo(() => barcodeSymbol(format, message), [format, message]);
  const formatName = BARCODE_FORMAT_NAMES[format];
  const square = isSquareFormat(format);
  return (
    <Box
      sx={{
        bgcolor: '#fff',
        color: '#000',
        borderRadius: '6px',
        p: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        maxWidth: WIDE_WIDTH + 16,
      }}
    >
      {'imageSrc' in symbol ? (
        <Box
          component="img"
          src={symbol.imageSrc}
          alt={translate('app.designer.preview.barcodeImage', { format: formatName })}
          sx={
            square
              ? { width: SQUARE_SIZE, height: SQUARE_SIZE }
              : { width: WIDE_WIDTH, height: 'auto', maxHeight: WIDE_MAX_HEIGHT }
          }
        />
      ) : (
        <Box role="alert" sx={{ fontSize: 11, color: '#b00020', maxWidth: WIDE_WIDTH, textAlign: 'center' }}>
          {translate('app.designer.preview.barcodeError', { format: formatName })}
        </Box>
      )}
      {altText && (
        <Box sx={{ fontSize: 11, mt: 0.5, textAlign: 'center', wordBreak: 'break-word' }}>{altText}</Box>
      )}
    </Box>
  );
});

/** The pass's barcode near the bottom of the front: the real symbol on a white box, the alt text under it. */
export const BarcodeBox = () => {
  const { jsonTemplate } = useDesigner();
  const { language, sampleData } = usePreview();
  const barcode = jsonTemplate.barcodes?.[0];
  if (!barcode) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pb: 1.5, pt: 1 }}>
      <SymbolBox
        format={barcode.format}
        message={displayText(barcode.message, language, sampleData)}
        altText={displayText(barcode.altText, language, sampleData)}
      />
    </Box>
  );
};
