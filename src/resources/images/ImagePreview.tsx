import { Box } from '@mui/material';

/** A checkerboard behind an image, so that its transparent parts show. */
export const checkerboard = {
  backgroundColor: '#fff',
  backgroundImage:
    'linear-gradient(45deg, #d0d0d0 25%, transparent 25%), linear-gradient(-45deg, #d0d0d0 25%, transparent 25%), ' +
    'linear-gradient(45deg, transparent 75%, #d0d0d0 75%), linear-gradient(-45deg, transparent 75%, #d0d0d0 75%)',
  backgroundSize: '16px 16px',
  backgroundPosition: '0 0, 0 8px, 8px -8px, -8px 0',
};

/** An image on the checkerboard, never wider than its box nor taller than maxHeight. */
export const ImagePreview = ({
  src,
  alt,
  maxHeight = 440,
}: {
  src: string;
  alt: string;
  maxHeight?: number;
}) => (
  <Box
    sx={{
      ...checkerboard,
      display: 'inline-flex',
      p: 1,
      border: 1,
      borderColor: 'divider',
      borderRadius: 1,
      maxWidth: '100%',
    }}
  >
    <Box component="img" src={src} alt={alt} sx={{ display: 'block', maxWidth: '100%', maxHeight }} />
  </Box>
);
