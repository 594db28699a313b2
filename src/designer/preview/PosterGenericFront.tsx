import Box from '@mui/material/Box';
import type { FieldT } from '../../../domain/template/jsonTemplateSchema';
import { useDesigner } from '../DesignerContext';
import { useIosTranslate } from '../useIosTranslate';
import { BarcodeBox } from './BarcodeBox';
import { CARD_PADDING } from './cardSizes';
import { displayFieldValue, displayText } from './displayValue';
import { usePreview } from './PreviewContext';
import { usePreviewImage } from './usePreviewImage';

/** A field of the poster: its label small above its value (the poster's fields are edited in the Poster section). */
const PosterField = ({
  field,
  size,
  align = 'left',
}: {
  field: FieldT;
  size: number;
  align?: 'left' | 'right';
}) => {
  const { language, sampleData, labelColor } = usePreview();
  return (
    <Box sx={{ minWidth: 0, textAlign: align }} data-field-key={field.key}>
      <Box sx={{ fontSize: 10, fontWeight: 600, textTransform: 'uppercase', color: labelColor }}>
        {displayText(field.label, language, sampleData)}
      </Box>
      <Box sx={{ fontSize: size, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {displayFieldValue(field, language, sampleData)}
      </Box>
    </Box>
  );
};

/**
 * An approximation of iOS 27's poster generic pass: the primary logo large, header fields on the right, up to four
 * primary fields two by two, the footer field and the barcode.
 */
export const PosterGenericFront = () => {
  const translate = useIosTranslate();
  const { jsonTemplate } = useDesigner();
  const poster = jsonTemplate.posterGeneric ?? {};
  const primaryLogo = usePreviewImage('primaryLogo');
  const logo = usePreviewImage('logo');
  const shownLogo = primaryLogo ?? logo;
  return (
    <Box
      data-testid="poster-generic"
      sx={{ flex: 1, display: 'flex', flexDirection: 'column', p: `${CARD_PADDING}px` }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {shownLogo && (
            <Box
              component="img"
              src={shownLogo}
              alt={translate('preview.primaryLogo')}
              sx={{ maxWidth: 126, maxHeight: 40, objectFit: 'contain' }}
            />
          )}
        </Box>
        {(poster.headerFields ?? []).map((field) => (
          <PosterField key={field.key} field={field} size={14} align="right" />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, mt: 3 }}>
        {(poster.primaryFields ?? []).slice(0, 4).map((field) => (
          <PosterField key={field.key} field={field} size={22} />
        ))}
      </Box>
      <Box sx={{ mt: 'auto' }}>
        {(poster.footerFields ?? []).slice(0, 1).map((field) => (
          <PosterField key={field.key} field={field} size={14} />
        ))}
        {jsonTemplate.barcodes?.length ? <BarcodeBox /> : null}
      </Box>
    </Box>
  );
};
