import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ImageType } from '../../../domain/template/limits';
import { useConfig } from '../../config';
import { checkerboard } from '../../resources/images/ImagePreview';
import { ImagePicker } from '../../resources/images/ImagePicker';
import { ImageTranslationToggle } from '../../resources/images/ImageTranslationToggle';
import { isTranslated, type ImageValue } from '../../resources/images/imageTranslation';
import { useDesigner } from '../DesignerContext';
import { imageSlotsOf } from './imageSlots';

const t = (key: string) => `app.designer.inputs.images.${key}`;

/** Where the picker puts the chosen image: a slot, and a language when the slot's image is per language. */
interface Choice {
  type: ImageType;
  language?: string;
}

const Thumbnail = ({ imageId, alt }: { imageId: string | undefined; alt: string }) => {
  const translate = useTranslate();
  const { passBase } = useConfig();
  return (
    <Box
      sx={{
        ...checkerboard,
        width: 72,
        height: 40,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
      }}
    >
      {imageId ? (
        <Box
          component="img"
          src={`${passBase}/image/${imageId}`}
          alt={alt}
          sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        />
      ) : (
        <Typography variant="caption" color="text.secondary">
          {translate(t('none'))}
        </Typography>
      )}
    </Box>
  );
};

const ImageSlot = ({ type, onChoose }: { type: ImageType; onChoose: (choice: Choice) => void }) => {
  const translate = useTranslate();
  const { images, languages, readOnly, setImages } = useDesigner();
  const problems = useImageProblems(type);
  const value = images[type];
  const typeName = translate(`resources.passes/image.values.type.${type}`);
  const setValue = (next: ImageValue | undefined) => {
    const rest = { ...images };
    delete rest[type];
    setImages(next === undefined ? rest : { ...rest, [type]: next });
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`image-slot-${type}`}>
      <Stack spacing={1}>
        <Typography variant="subtitle2">{typeName}</Typography>
        {isTranslated(value) ? (
          languages.map((language) => (
            <Stack key={language} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Thumbnail
                imageId={value[language]}
                alt={translate(t('previewFor'), { type: typeName, language })}
              />
              {!readOnly && (
                <Button size="small" onClick={() => onChoose({ type, language })}>
                  {translate(t('chooseFor'), { language })}
                </Button>
              )}
            </Stack>
          ))
        ) : (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Thumbnail imageId={value} alt={translate(t('preview'), { type: typeName })} />
            {!readOnly && (
              <Button size="small" onClick={() => onChoose({ type })}>
                {translate(t('choose'))}
              </Button>
            )}
          </Stack>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {!readOnly && value !== undefined && (
            <Button size="small" color="error" onClick={() => setValue(undefined)}>
              {translate(t('remove'))}
            </Button>
          )}
          {!readOnly && (
            <ImageTranslationToggle value={value} languages={languages} type={type} onChange={setValue} />
          )}
        </Stack>
        {problems.map((message) => (
          <Typography key={message} variant="caption" color="error">
            {message}
          </Typography>
        ))}
      </Stack>
    </Paper>
  );
};

/** The problems of an image slot: its path is /images/{type}, outside the pass.json. */
function useImageProblems(type: ImageType): string[] {
  const { errors } = useDesigner();
  const prefix = `/images/${type}`;
  return errors
    .filter((error) => error.path === prefix || error.path.startsWith(`${prefix}/`))
    .map((error) => error.message);
}

/**
 * The images of the pass: one slot per image its style shows (logo and icon always), each with a preview,
 * Choose (the project's images of the type), Remove and a per-language toggle.
 */
export const ImageInputs = () => {
  const { designStyle, images, projectId, setImages } = useDesigner();
  const [choice, setChoice] = useState<Choice | undefined>();

  const choose = (imageId: string) => {
    if (!choice) return;
    const { type, language } = choice;
    const current = images[type];
    const next = language && isTranslated(current) ? { ...current, [language]: imageId } : imageId;
    setImages({ ...images, [type]: next });
    setChoice(undefined);
  };

  return (
    <>
      {imageSlotsOf(designStyle).map((type) => (
        <ImageSlot key={type} type={type} onChoose={setChoice} />
      ))}
      {choice && (
        <ImagePicker
          open
          projectId={projectId}
          type={choice.type}
          onSelect={choose}
          onClose={() => setChoice(undefined)}
        />
      )}
    </>
  );
};
