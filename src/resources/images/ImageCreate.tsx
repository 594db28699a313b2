import type { ComponentType } from 'react';
import { useRedirect, useRefresh } from 'react-admin';
import { AccessGuard } from '../../common/AccessGuard';
import { ImageUploadDialog } from './ImageUploadDialog';

/** /passes/image/new: the list with the upload dialog over it; closing it shows the list, read again. */
export const ImageCreate = ({ list: List }: { list: ComponentType }) => {
  const redirect = useRedirect();
  const refresh = useRefresh();
  const close = () => {
    redirect('list', 'passes/image');
    refresh();
  };
  return (
    <AccessGuard action="create">
      <List />
      <ImageUploadDialog open onClose={close} />
    </AccessGuard>
  );
};
