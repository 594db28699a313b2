import { Box } from '@mui/material';
import type { ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import { hexOfRgb, isoOfPicker, pickerValueOf, rgbOfHex } from './typedValue';

const nativeInputSx = {
  width: 32,
  height: 28,
  p: 0,
  border: 'none',
  background: 'none',
  cursor: 'pointer',
  '&:disabled': { cursor: 'default' },
} as const;

/**
 * The browser's colour picker as a swatch beside an rgb text: shows the colour, and answers the chosen one as
 * `rgb(r,g,b)`.
 *
 * @example <ColorSwatch text="rgb(0,0,0)" onText={setText} disabled={false} />
 */
export const ColorSwatch = ({
  text,
  onText,
  disabled,
}: {
  text: string;
  onText: (text: string) => void;
  disabled: boolean;
}) => {
  const translate = useTranslate();
  return (
    <Box
      component="input"
      type="color"
      aria-label={translate('app.designer.fields.valueInput.pickColor')}
      value={hexOfRgb(text) ?? '#000000'}
      disabled={disabled}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onText(rgbOfHex(event.target.value))}
      sx={nativeInputSx}
    />
  );
};

/**
 * The browser's date and time picker beside an ISO date-time text; seconds are 00 and the zone of the text stays.
 *
 * @example <DateTimePicker text="2026-05-01T18:30:00Z" onText={setText} disabled={false} />
 */
export const DateTimePicker = ({
  text,
  onText,
  disabled,
}: {
  text: string;
  onText: (text: string) => void;
  disabled: boolean;
}) => {
  const translate = useTranslate();
  return (
    <Box
      component="input"
      type="datetime-local"
      aria-label={translate('app.designer.fields.valueInput.pickDateTime')}
      value={pickerValueOf(text)}
      disabled={disabled}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        if (event.target.value) onText(isoOfPicker(event.target.value, text));
      }}
      sx={{
        ...nativeInputSx,
        width: 40,
        color: 'transparent',
        '&::-webkit-datetime-edit': { display: 'none' },
      }}
    />
  );
};
