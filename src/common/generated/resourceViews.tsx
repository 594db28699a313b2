import type { ComponentType } from 'react';
import type { ResourceDescriptor } from '../../../domain/resource';
import { lazyScreen } from '../lazyScreen';

export interface ResourceViews {
  list: ComponentType;
  edit: ComponentType;
  create: ComponentType;
}

// the generated screens load with the first of them shown, not with the console
const GeneratedList = lazyScreen(
  () => import('./GeneratedScreens'),
  (module) => module.GeneratedListScreen,
);
const GeneratedEdit = lazyScreen(
  () => import('./GeneratedScreens'),
  (module) => module.GeneratedEditScreen,
);
const GeneratedCreate = lazyScreen(
  () => import('./GeneratedScreens'),
  (module) => module.GeneratedCreateScreen,
);

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
  const List = Object.assign(() => <GeneratedList descriptor={descriptor} />, {
    preload: GeneratedList.preload,
  });
  const Edit = Object.assign(() => <GeneratedEdit descriptor={descriptor} />, {
    preload: GeneratedEdit.preload,
  });
  const Create = Object.assign(() => <GeneratedCreate descriptor={descriptor} />, {
    preload: GeneratedCreate.preload,
  });
  return { list: own.list ?? List, edit: own.edit ?? Edit, create: own.create ?? Create };
}
