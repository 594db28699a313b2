import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import type { Template } from '../../../domain/schemas/template';
import { languageLabel } from '../../../domain/template/languages';
import type { ImageType } from '../../../domain/template/limits';
import { useConfig } from '../../config';
import { ImagePicker } from '../images/ImagePicker';
import { ImagePreview } from '../images/ImagePreview';
import { ImageTranslationToggle } from '../images/ImageTranslationToggle';
import { isTranslated, type ImageValue } from '../images/imageTranslation';

/** The single image, when the image is not translated. */
const SINGLE = '';
const keep = (value: unknown) => value;

/**
 * One image type of a pass (it replaces the template's image of that type): chosen with the image
 * picker among the project's images, one for all languages or one per language of the template.
 */
export const DynamicImageInput = ({
  type,
  template,
  readOnly,
}: {
  type: ImageType;
  template: Template;
  readOnly: boolean;
}) => {
  const translate = useTranslate();
  const { passBase } = useConfig();
  const { field } = useInput({ source: `dynamicImages.${type}`, format: keep, parse: keep });
  const value = (field.value ?? undefined) as ImageValue | undefined;
  const [picking, setPicking] = useState<string | null>(null);

  const setImage = (language: string, imageId: string | undefined) => {
    if (language === SINGLE || !isTranslated(value)) return field.onChange(imageId);
    const byLanguage = { ...value };
    if (imageId) byLanguage[language] = imageId;
    else delete byLanguage[language];
    field.onChange(Object.keys(byLanguage).length ? byLanguage : undefined);
  };
  const slots = isTranslated(value)
    ? template.languages.map((language) => ({ language, imageId: value[language] }))
    : [{ language: SINGLE, imageId: value }];

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1">{translate(`resources.passes/image.values.type.${type}`)}</Typography>
      {!readOnly && (
        <ImageTranslationToggle
          value={value}
          languages={template.languages}
          type={type}
          onChange={(next) => field.onChange(next)}
        />
      )}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
        {slots.map(({ language, imageId }) => (
          <Stack key={language} spacing={1} sx={{ alignItems: 'flex-start' }}>
            {language && <Typography variant="caption">{languageLabel(language)}</Typography>}
            {imageId ? (
              <ImagePreview src={`${passBase}/image/${imageId}`} alt={`${type} ${language}`} maxHeight={96} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {translate('app.pass.noImage')}
              </Typography>
            )}
            {!readOnly && (
              <Box>
                <Button size="small" onClick={() => setPicking(language)}>
                  {translate('app.pass.chooseImage')}
                </Button>
                {imageId && (
                  <Button size="small" color="error" onClick={() => setImage(language, undefined)}>
                    {translate('app.pass.removeImage')}
                  </Button>
                )}
              </Box>
            )}
          </Stack>
        ))}
      </Stack>
      {!readOnly && (
        <ImagePicker
          open={picking !== null}
          projectId={template.projectId}
          type={type}
          onSelect={(imageId) => {
            setImage(picking ?? SINGLE, imageId);
            setPicking(null);
          }}
          onClose={() => setPicking(null)}
        />
      )}
    </Paper>
  );
};
