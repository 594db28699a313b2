import type { ComponentType } from 'react';
import { useCanAccess, useResourceContext } from 'react-admin';
import type { ResourceDescriptor } from '../../../domain/resource';
import { ItemCreate } from '../ItemCreate';
import { ItemEdit } from '../ItemEdit';
import { GeneratedInputs } from './GeneratedInputs';
import { GeneratedList } from './GeneratedList';

export interface ResourceViews {
  list: ComponentType;
  edit: ComponentType;
  create: ComponentType;
}

/**
 * react-admin's views of a resource from its declaration alone: a list, an item page (update schema's inputs,
 * the other fields read-only, JSON for admins and History) and a create page (create schema's inputs), each
 * validated by its write schema. A resource's own view replaces the generated one, one view at a time.
 *
 * @example <Resource name="identity/project" {...resourceViews(projectResource, { list: ProjectList })} />
 */
export function resourceViews(
  descriptor: ResourceDescriptor,
  own: Partial<ResourceViews> = {},
): ResourceViews {
  const List = () => <GeneratedList descriptor={descriptor} />;
  const Edit = () => {
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
  const Create = () => (
    <ItemCreate descriptor={descriptor}>
      <GeneratedInputs descriptor={descriptor} mode="create" />
    </ItemCreate>
  );
  return { list: own.list ?? List, edit: own.edit ?? Edit, create: own.create ?? Create };
}
