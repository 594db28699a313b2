import { useCanAccess, useResourceContext } from 'react-admin';
import type { ResourceDescriptor } from '../../../domain/resource';
import { ItemCreate } from '../ItemCreate';
import { ItemEdit } from '../ItemEdit';
import { GeneratedInputs } from './GeneratedInputs';
import { GeneratedList } from './GeneratedList';

interface ScreenProps {
  descriptor: ResourceDescriptor;
}

export const GeneratedListScreen = ({ descriptor }: ScreenProps) => <GeneratedList descriptor={descriptor} />;

export const GeneratedEditScreen = ({ descriptor }: ScreenProps) => {
  const resource = useResourceContext();
  // the buttons follow the viewer's rights; the server enforces them either way
  const { canAccess: canUpdate = false } = useCanAccess({ action: 'update', resource });
  const { canAccess: canDelete = false } = useCanAccess({ action: 'delete', resource });
  return (
    <ItemEdit descriptor={descriptor} saveDisabled={!canUpdate} canDelete={canDelete}>
      <GeneratedInputs descriptor={descriptor} mode="edit" />
    </ItemEdit>
  );
};

export const GeneratedCreateScreen = ({ descriptor }: ScreenProps) => (
  <ItemCreate descriptor={descriptor}>
    <GeneratedInputs descriptor={descriptor} mode="create" />
  </ItemCreate>
);
