import { Chip, type Theme } from '@mui/material';
import { useConfig } from '../config';

/** Readable text on the environment colour; any CSS colour MUI cannot parse (a name) gets white text. */
function textOn(theme: Theme, background: string): string {
  try {
    return theme.palette.getContrastText(background);
  } catch {
    return '#fff';
  }
}

/** The environment's name in the environment's colour (from /config.json). */
export const EnvironmentBadge = () => {
  const { environment, environmentColor } = useConfig();
  if (!environment) return null;
  const background = environmentColor || '#616161';
  return (
    <Chip
      size="small"
      label={environment}
      sx={{ bgcolor: background, color: (theme) => textOn(theme, background), fontWeight: 600 }}
    />
  );
};
