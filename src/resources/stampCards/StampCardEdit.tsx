import { useCanAccess, useParams, useResourceContext } from 'react-admin';
import { stampCardResource } from '../../../domain/schemas/stampCard';
import { GeneratedInputs } from '../../common/generated/GeneratedInputs';
import { ItemEdit } from '../../common/ItemEdit';
import { CardStamps } from './CardStamps';

/** A stamp card's page: the generated form, then the stamps given on the card at the till. */
export const StampCardEdit = () => {
  const resource = useResourceContext();
  const { id = '' } = useParams<{ id: string }>();
  const { canAccess: canUpdate = false } = useCanAccess({ action: 'update', resource });
  const { canAccess: canDelete = false } = useCanAccess({ action: 'delete', resource });
  return (
    <ItemEdit
      descriptor={stampCardResource}
      saveDisabled={!canUpdate}
      canDelete={canDelete}
      after={<CardStamps cardId={id} />}
    >
      <GeneratedInputs descriptor={stampCardResource} mode="edit" />
    </ItemEdit>
  );
};
