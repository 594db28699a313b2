import Box from '@mui/material/Box';
import { useDesigner } from '../DesignerContext';
import { useIosTranslate } from '../useIosTranslate';
import { BarcodeBox } from './BarcodeBox';
import { CARD_PADDING } from './cardSizes';
import { displayColor, displayText } from './displayValue';
import { usePreview } from './PreviewContext';
import { semanticDate } from './semanticDisplay';
import { usePreviewImage } from './usePreviewImage';

const DARKENING = 'linear-gradient(rgba(0,0,0,0.55), rgba(0,0,0,0) 35%)';

/**
 * An approximation of iOS 18's poster event ticket: the artwork fills the card (darkened behind the header unless
 * suppressed), the secondary logo or the logo with the event's logo text at the top, the event's name, start and
 * venue from the semantics over the artwork, the barcode on the footer's colour.
 */
export const PosterEventFront = () => {
  const translate = useIosTranslate();
  const { jsonTemplate } = useDesigner();
  const { language, sampleData, foregroundColor } = usePreview();
  const artwork = usePreviewImage('artwork');
  const secondaryLogo = usePreviewImage('secondaryLogo');
  const passLogo = usePreviewImage('logo');
  const logo = secondaryLogo ?? passLogo;
  const semantics = (jsonTemplate.semantics ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => displayText(value, language, sampleData);
  const startInfo = jsonTemplate.semantics?.eventStartDateInfo;
  const start = semanticDate(startInfo?.date ?? semantics.eventStartDate, language, sampleData);
  const venue = [text(semantics.venueName), text(semantics.venueRoom)].filter(Boolean).join(' · ');
  const footer = displayColor(jsonTemplate.footerBackgroundColor, sampleData, 'rgba(0,0,0,0.35)');
  const logoText = text(jsonTemplate.eventLogoText ?? jsonTemplate.logoText);
  return (
    <Box
      data-testid="poster-event-ticket"
      sx={{ position: 'relative', flex: 1, display: 'flex', flexDirection: 'column' }}
    >
      {artwork && (
        <Box
          component="img"
          src={artwork}
          alt={translate('preview.artwork')}
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            zIndex: -2,
          }}
        />
      )}
      {jsonTemplate.suppressHeaderDarkening !== true && (
        <Box sx={{ position: 'absolute', inset: 0, background: DARKENING, zIndex: -1 }} />
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: `${CARD_PADDING}px` }}>
        {logo && (
          <Box
            component="img"
            src={logo}
            alt={translate('preview.secondaryLogo')}
            sx={{ maxWidth: 135, maxHeight: 30, objectFit: 'contain' }}
          />
        )}
        <Box sx={{ fontSize: 15, fontWeight: 600, color: foregroundColor }}>{logoText}</Box>
      </Box>
      <Box sx={{ mt: 'auto', px: `${CARD_PADDING}px`, pb: 1, color: foregroundColor }}>
        <Box sx={{ fontSize: 26, fontWeight: 700, lineHeight: 1.1 }}>
          {text(semantics.eventName) || translate('preview.noEventName')}
        </Box>
        {start && <Box sx={{ fontSize: 14, mt: 0.5 }}>{start}</Box>}
        {venue && <Box sx={{ fontSize: 13, opacity: 0.85 }}>{venue}</Box>}
      </Box>
      <Box sx={{ bgcolor: footer, pt: 0.5 }}>
        {jsonTemplate.barcodes?.length ? <BarcodeBox /> : <Box sx={{ height: 24 }} />}
      </Box>
    </Box>
  );
};
