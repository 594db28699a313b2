import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

/** An image of the template on the card; the background is decoration and has no text. */
export const PreviewImage = ({
  src,
  type,
  sx,
}: {
  src: string;
  type: 'strip' | 'thumbnail' | 'footer' | 'background';
  sx: SxProps<Theme>;
}) => {
  const translate = useTranslate();
  const alt = type === 'background' ? '' : translate(`app.designer.preview.images.${type}`);
  return <Box component="img" src={src} alt={alt} sx={sx} />;
};
