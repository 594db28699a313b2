import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { useDesigner } from '../DesignerContext';
import { CARD_PADDING, LOGO_MAX } from './cardSizes';
import { displayText } from './displayValue';
import { FieldArea } from './FieldArea';
import { usePreview } from './PreviewContext';
import { usePreviewImage } from './usePreviewImage';

const HEADER_ROW_WIDTH = 180;

/** The top of every front: the logo at half size, the logo text beside it, the header fields on the right. */
export const TopRow = () => {
  const translate = useTranslate();
  const { jsonTemplate } = useDesigner();
  const { language, sampleData, foregroundColor } = usePreview();
  const logo = usePreviewImage('logo');
  const logoText = useMemo(
    () => displayText(jsonTemplate.logoText, language, sampleData),
    [jsonTemplate.logoText, language, sampleData],
  );

  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: `${CARD_PADDING}px`,
        pt: `${CARD_PADDING}px`,
        minHeight: LOGO_MAX.height + CARD_PADDING,
      }}
    >
      {logo && (
        <Box
          component="img"
          src={logo}
          alt={translate('app.designer.preview.images.logo')}
          sx={{
            maxWidth: LOGO_MAX.width,
            maxHeight: LOGO_MAX.height,
            objectFit: 'contain',
            flex: '0 0 auto',
          }}
        />
      )}
      <Box
        sx={{
          // the logo text keeps room for a short name; the header fields shrink first
          flex: '1 1 0',
          minWidth: 56,
          color: foregroundColor,
          fontSize: 16,
          fontWeight: 600,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {logoText}
      </Box>
      <FieldArea
        area="headerFields"
        variant="header"
        rowWidth={HEADER_ROW_WIDTH}
        align="right"
        sx={{ flex: '0 1 auto', minWidth: 0, maxWidth: HEADER_ROW_WIDTH }}
      />
    </Box>
  );
};
