import UploadIcon from '@mui/icons-material/Upload';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useState, type UIEvent } from 'react';
import { useInfiniteGetList, useTranslate } from 'react-admin';
import { Right, can } from '../../../domain/rights';
import type { Image } from '../../../domain/schemas/image';
import type { ImageType } from '../../../domain/template/limits';
import { useViewer } from '../../common/useViewer';
import { defaultSortOf } from '../../dataProviders/resourceRegistry';
import { ImageTile } from './ImageTile';
import { IMAGE_RESOURCE, ImageUploadDialog } from './ImageUploadDialog';

/** Images shown first, and added each time the grid is scrolled to its bottom. */
export const PICKER_PAGE_SIZE = 42;
const PER_ROW = 6;
/** how close to the bottom (px) counts as the bottom */
const BOTTOM_SLACK = 48;

export interface ImagePickerProps {
  open: boolean;
  projectId: string;
  type: ImageType;
  onSelect: (imageId: string) => void;
  onClose: () => void;
}

/**
 * Chooses an image of a project and type: a grid of 6 per row, 42 first and 42 more on reaching the bottom.
 * Viewers who manage images of the project may upload one there; the uploaded image is selected.
 *
 * @example <ImagePicker open projectId={template.projectId} type="logo" onSelect={setLogo} onClose={close} />
 */
export const ImagePicker = ({ open, projectId, type, onSelect, onClose }: ImagePickerProps) => {
  const translate = useTranslate();
  const { viewer } = useViewer();
  const [uploading, setUploading] = useState(false);
  // canManageImages, on the picker's project: the upload goes there.
  const canUpload = viewer ? can(viewer, Right.IMAGE_MANAGE, projectId) : false;
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteGetList<Image>(
    IMAGE_RESOURCE,
    {
      filter: { projectId, type },
      pagination: { page: 1, perPage: PICKER_PAGE_SIZE },
      sort: defaultSortOf(IMAGE_RESOURCE),
    },
    { enabled: open && Boolean(projectId) },
  );
  const images = data?.pages.flatMap((page) => page.data) ?? [];

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const { scrollTop, clientHeight, scrollHeight } = event.currentTarget;
    if (scrollTop + clientHeight >= scrollHeight - BOTTOM_SLACK && hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="image-picker-title">
      <DialogTitle id="image-picker-title">
        {translate('app.image.pickerTitle', {
          type: translate(`resources.passes/image.values.type.${type}`),
        })}
      </DialogTitle>
      <DialogContent dividers onScroll={onScroll} data-testid="image-picker-grid" sx={{ minHeight: 240 }}>
        {isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress />
          </Box>
        ) : images.length === 0 ? (
          <Typography color="text.secondary">{translate('app.image.noImages')}</Typography>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${PER_ROW}, minmax(0, 1fr))`, gap: 1.5 }}>
            {images.map((image) => (
              <ImageTile key={image.id} image={image} onClick={() => onSelect(image.id)} />
            ))}
          </Box>
        )}
        {isFetchingNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <CircularProgress size={24} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {canUpload && (
          <Button startIcon={<UploadIcon />} onClick={() => setUploading(true)}>
            {translate('app.image.upload')}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}>{translate('app.action.cancel')}</Button>
      </DialogActions>
      {canUpload && (
        <ImageUploadDialog
          open={uploading}
          projectId={projectId}
          type={type}
          onClose={() => setUploading(false)}
          onUploaded={(image) => onSelect(image.id)}
        />
      )}
    </Dialog>
  );
};
