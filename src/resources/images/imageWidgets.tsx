import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { IconButton, Tooltip } from '@mui/material';
import { FunctionField, useRecordContext, useTranslate } from 'react-admin';
import type { Image } from '../../../domain/schemas/image';
import type { WidgetProps, Widgets } from '../../common/generated/widgets';
import { RawViewButton } from '../../common/RawViewButton';
import { useFileSize } from './fileSize';

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

/** The images' own pieces in their list: the file size, the dimension, the raw view and the public address. */
export const imageWidgets: Widgets = {
  fields: {
    fileSize: FileSizeColumn,
    dimension: (props: WidgetProps) => (
      <FunctionField<Image> {...props} render={(image) => `${image.width} x ${image.height}`} />
    ),
    rawView: RawViewButton,
    openPublic: OpenPublicButton,
  },
};
