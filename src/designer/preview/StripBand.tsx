import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { CARD_PADDING, CARD_WIDTH } from './cardSizes';
import { PreviewImage } from './PreviewImage';

/**
 * The band across the card that holds the primary field, over the strip image when there is one (coupon and
 * store card 122 px high, event ticket 84 px).
 */
export const StripBand = ({
  src,
  height,
  children,
}: {
  src?: string;
  height: number;
  children: ReactNode;
}) => (
  <Box
    sx={{
      position: 'relative',
      display: 'flex',
      alignItems: 'center',
      mt: 1,
      px: `${CARD_PADDING}px`,
      ...(src ? { height } : { minHeight: 64 }),
    }}
  >
    {src && (
      <PreviewImage
        src={src}
        type="strip"
        // below the fields, above the card's colour and background image
        sx={{ position: 'absolute', inset: 0, width: CARD_WIDTH, height, objectFit: 'cover', zIndex: -1 }}
      />
    )}
    {children}
  </Box>
);
