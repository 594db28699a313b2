import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import { lazy } from 'react';
import { FunctionField, useRecordContext, useRedirect, useRefresh, useTranslate } from 'react-admin';
import type { Image } from '../../../domain/schemas/image';
import type { WidgetProps, Widgets } from '../../common/generated/widgets';
import { RawViewButton } from '../../common/RawViewButton';
import { useFileSize } from './fileSize';
import { ImagePreview } from './ImagePreview';

// the upload's code (PNG checks, the form) loads when New is opened
const ImageUploadDialog = lazy(() =>
  import('./ImageUploadDialog').then((module) => ({ default: module.ImageUploadDialog })),
);

/** New: the upload dialog over the list; closing it shows the list, read again. */
const ImageUpload = () => {
  const redirect = useRedirect();
  const refresh = useRefresh();
  const close = () => {
    redirect('list', 'passes/image');
    refresh();
  };
  return <ImageUploadDialog open onClose={close} />;
};

/** What the file is: its type, its dimension and its size as people read it. */
const ImageFacts = () => {
  const image = useRecordContext<Image>();
  const translate = useTranslate();
  const fileSize = useFileSize();
  if (!image) return null;
  return (
    <Typography variant="body2">
      {translate(`resources.passes/image.values.type.${image.type}`)}, {image.width} x {image.height} px,{' '}
      {fileSize(image.fileSize)}
    </Typography>
  );
};

const ImagePreviewOfPage = () => {
  const image = useRecordContext<Image>();
  // on a line of its own, under what the file is
  return image ? (
    <Box>
      <ImagePreview src={image.url} alt={image.name} />
    </Box>
  ) : null;
};

/** The image's public address (no sign-in needed), in a new tab. */
const OpenPublicButton = () => {
  const image = useRecordContext<Image>();
  const translate = useTranslate();
  if (!image) return null;
  const label = translate('app.image.openPublic');
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        href={image.url}
        target="_blank"
        rel="noreferrer"
        onClick={(event) => event.stopPropagation()}
      >
        <OpenInNewIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};

/** The file size as people read it, in the viewer's language. */
const FileSizeColumn = (props: WidgetProps) => {
  const fileSize = useFileSize();
  return <FunctionField<Image> {...props} render={(image) => fileSize(image.fileSize)} />;
};

/**
 * The images' own pieces: in their list the file size, the dimension, the raw view and the public address; on an
 * image's page what the file is and its preview; New's upload dialog.
 */
export const imageWidgets: Widgets = {
  fields: {
    fileSize: FileSizeColumn,
    dimension: (props: WidgetProps) => (
      <FunctionField<Image> {...props} render={(image) => `${image.width} x ${image.height}`} />
    ),
    rawView: RawViewButton,
    openPublic: OpenPublicButton,
    imageFacts: ImageFacts,
    imagePreview: ImagePreviewOfPage,
    imageUpload: ImageUpload,
  },
};
