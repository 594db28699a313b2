import { Box, ButtonBase, Typography } from '@mui/material';
import type { Image } from '../../../domain/schemas/image';
import { checkerboard } from './ImagePreview';

/** One image of the picker: the image on the checkerboard, and its name. */
export const ImageTile = ({ image, onClick }: { image: Image; onClick: () => void }) => (
  <ButtonBase
    onClick={onClick}
    aria-label={image.name}
    sx={{
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'stretch',
      border: 1,
      borderColor: 'divider',
      borderRadius: 1,
      overflow: 'hidden',
      '&:hover, &.Mui-focusVisible': { borderColor: 'primary.main' },
    }}
  >
    <Box
      sx={{ ...checkerboard, height: 96, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Box
        component="img"
        src={image.url}
        alt=""
        loading="lazy"
        sx={{ maxWidth: '100%', maxHeight: 96, objectFit: 'contain' }}
      />
    </Box>
    <Typography variant="caption" noWrap title={image.name} sx={{ px: 0.5, py: 0.25 }}>
      {image.name}
    </Typography>
  </ButtonBase>
);
