import { Box, Typography } from '@mui/material';
import { Labeled, ReferenceField, TextField, TextInput, useRecordContext, useTranslate } from 'react-admin';
import type { Image } from '../../../domain/schemas/image';
import { useFileSize } from './fileSize';
import { ImagePreview } from './ImagePreview';

/** An image's page: id and project read-only, the name editable, its size and a preview. */
export const ImageInputs = ({ readOnly }: { readOnly: boolean }) => {
  const image = useRecordContext<Image>();
  const translate = useTranslate();
  const fileSize = useFileSize();
  if (!image) return null;
  return (
    <>
      <TextInput source="id" readOnly />
      <Labeled source="projectId" sx={{ mb: 2 }}>
        <ReferenceField source="projectId" reference="identity/project" link={false}>
          <TextField source="name" />
        </ReferenceField>
      </Labeled>
      <TextInput source="name" readOnly={readOnly} />
      <Labeled label="resources.passes/image.fields.size" sx={{ mb: 2 }}>
        <Typography variant="body2">
          {translate(`resources.passes/image.values.type.${image.type}`)}, {image.width} x {image.height} px,{' '}
          {fileSize(image.fileSize)}
        </Typography>
      </Labeled>
      <Box>
        <ImagePreview src={image.url} alt={image.name} />
      </Box>
    </>
  );
};
