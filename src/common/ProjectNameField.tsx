import { Typography } from '@mui/material';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { ReferenceField, TextField, useFieldValue } from 'react-admin';
import type { Project } from '../../domain/schemas/project';
import { useProjectRegister } from './useProjectRegister';

interface ProjectNames {
  byId: ReadonlyMap<string, Project>;
  isPending: boolean;
}

const ProjectNamesContext = createContext<ProjectNames | null>(null);

/**
 * The project register (read once after sign-in, AppLayout) for the ProjectNameFields inside: when it answers, the
 * fields render again, not the whole list around them.
 *
 * @example <ProjectNamesProvider><Datagrid><ProjectNameField source="projectId" /></Datagrid></ProjectNamesProvider>
 */
export const ProjectNamesProvider = ({ children }: { children: ReactNode }) => {
  const { byId, isPending } = useProjectRegister();
  const names = useMemo(() => ({ byId, isPending }), [byId, isPending]);
  return <ProjectNamesContext.Provider value={names}>{children}</ProjectNamesContext.Provider>;
};

const noProject = (
  <Typography component="span" variant="body2">
    —
  </Typography>
);

/**
 * A row's project by name, from the project register: one map for the whole list instead of a reference query a
 * row. A project the register does not hold (outside a ProjectNamesProvider, or created since it was read) is read
 * as react-admin's ReferenceField reads it. `sortable` and `label` are read by the list's header.
 *
 * @example <ProjectNameField source="projectId" />
 */
export const ProjectNameField = ({ source }: { source: string; label?: string; sortable?: boolean }) => {
  const names = useContext(ProjectNamesContext);
  const projectId = useFieldValue({ source }) as string | null | undefined;
  if (!projectId) return noProject;
  if (names?.isPending) return null;
  const project = names?.byId.get(projectId);
  if (!project)
    return (
      <ReferenceField source={source} reference="identity/project" link={false} emptyText="—">
        <TextField source="name" />
      </ReferenceField>
    );
  return (
    <Typography component="span" variant="body2">
      {project.name}
    </Typography>
  );
};
