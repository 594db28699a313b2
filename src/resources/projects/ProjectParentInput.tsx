import { LinearProgress } from '@mui/material';
import { SelectInput, useRecordContext, useTranslate, useTranslateLabel } from 'react-admin';
import { access } from '../../../domain/consoleAreas';
import type { Project } from '../../../domain/schemas/project';
import { useItemEdit } from '../../common/ItemEditContext';
import { useProjectRegister } from '../../common/useProjectRegister';
import { useViewer } from '../../common/useViewer';
import type { FormChecks } from '../../common/generated/widgets';
import { parentChoices } from './projectValues';

const emptyToNull = (value: unknown) => (value === '' ? null : value);
const nullToEmpty = (value: unknown) => value ?? '';

/** May the project stay (or become) top-level: for administrators, and for a project that already is one. */
function useAllowTopLevel(project: Pick<Project, 'parentId'> | undefined): boolean {
  const { viewer } = useViewer();
  return (viewer ? access.canCreateTopLevelProject(viewer) : false) || project?.parentId === null;
}

/**
 * The project's parent: the projects where the viewer may create one (all for administrators), never the project
 * itself or one below it; "none" only for those who may keep or make it top-level. A parent the viewer cannot see
 * still shows, by its id.
 */
export const ProjectParentInput = () => {
  const project = useRecordContext<Project>();
  const { readOnly } = useItemEdit();
  const { viewer } = useViewer();
  const { projects, isPending } = useProjectRegister();
  const allowTopLevel = useAllowTopLevel(project);
  if (!viewer || isPending) return <LinearProgress sx={{ my: 2 }} />;
  const parents = parentChoices(projects, viewer, project);
  if (project?.parentId && !parents.some((parent) => parent.id === project.parentId))
    parents.unshift({ ...project, id: project.parentId, name: project.parentId, parentId: null });
  return (
    <SelectInput
      source="parentId"
      choices={parents}
      optionText="name"
      optionValue="id"
      emptyText={allowTopLevel ? 'app.project.noParent' : undefined}
      // no "none" choice for those who must name a parent (the parent check says so)
      isRequired={!allowTopLevel}
      parse={emptyToNull}
      format={nullToEmpty}
      readOnly={readOnly}
    />
  );
};

/**
 * The project's rule beyond its schema: only administrators keep or make a project top-level, everyone else names
 * a parent (the item's page reads its project as the page does).
 */
export function useParentCheck(project: Pick<Project, 'parentId'> | undefined): FormChecks {
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const allowTopLevel = useAllowTopLevel(project);
  const message = translate('app.form.mandatory', {
    field: translateLabel({ source: 'parentId', resource: 'identity/project' }),
  });
  return { rules: (values) => (allowTopLevel || values.parentId ? [] : [{ path: '/parentId', message }]) };
}
