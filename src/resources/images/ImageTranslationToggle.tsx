import { FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ImageType } from '../../../domain/template/limits';
import { isTranslated, translateImage, untranslateImage, type ImageValue } from './imageTranslation';

export interface ImageTranslationToggleProps {
  value: ImageValue | undefined;
  /** the template's languages, the first one first */
  languages: readonly string[];
  type: ImageType;
  onChange: (value: ImageValue | undefined) => void;
}

/**
 * Whether an image differs by language. On: the single image becomes the image of every language;
 * off: the first language's image stays. Icons are never translated; without an image the toggle waits.
 *
 * @example <ImageTranslationToggle value={images.logo} languages={['en', 'cs']} type="logo" onChange={setLogo} />
 */
export const ImageTranslationToggle = ({ value, languages, type, onChange }: ImageTranslationToggleProps) => {
  const translate = useTranslate();
  const isIcon = type === 'icon';
  // Without an image there is nothing to give each language yet.
  const disabled = isIcon || !value;
  return (
    <>
      <FormControlLabel
        disabled={disabled}
        control={
          <Switch
            checked={isTranslated(value)}
            onChange={(event) =>
              onChange(
                event.target.checked ? translateImage(value, languages) : untranslateImage(value, languages),
              )
            }
          />
        }
        label={translate('app.image.translated')}
      />
      {isIcon && <FormHelperText>{translate('app.image.iconNotTranslated')}</FormHelperText>}
    </>
  );
};
