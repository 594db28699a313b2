import { useGetOne, useParams } from 'react-admin';
import { access } from '../../../domain/consoleAreas';
import { Right, can } from '../../../domain/rights';
import type { Image } from '../../../domain/schemas/image';
import { ItemEdit } from '../../common/ItemEdit';
import { useViewer } from '../../common/useViewer';
import { ImageInputs } from './ImageInputs';

/** An image: renaming and deleting it need IMAGE_MANAGE on its project. */
export const ImageEdit = () => {
  const { id = '' } = useParams<{ id: string }>();
  const { viewer } = useViewer();
  // The page's own read (the same query): who may not see images gets 403 without a call.
  const enabled = Boolean(id && viewer && access.imagesMenu(viewer));
  const { data: image } = useGetOne<Image>('passes/image', { id }, { enabled });
  const canManage = Boolean(viewer && image && can(viewer, Right.IMAGE_MANAGE, image.projectId));
  return (
    <ItemEdit canSave={canManage} canDelete={canManage}>
      <ImageInputs readOnly={!canManage} />
    </ItemEdit>
  );
};
