import { SelectInput, type SelectInputProps } from 'react-admin';
import type { Project } from '../../domain/schemas/project';
import { useProjectRegister } from './useProjectRegister';
import { useRequiredField } from './validation/useRequiredField';

/** Projects by name, as a choice list shows them (its first one is a form's default). */
export const byName = (projects: readonly Project[]): Project[] =>
  [...projects].sort((a, b) => a.name.localeCompare(b.name));

export interface ProjectInputProps extends Omit<SelectInputProps, 'choices'> {
  /** narrows the choices, e.g. to the projects where the viewer holds a right */
  only?: (project: Project) => boolean;
}

/**
 * A project chosen by name among the projects the viewer sees (the project register); a list filter or a
 * form field.
 *
 * @example <ProjectInput source="projectId" only={(project) => can(viewer, Right.IMAGE_MANAGE, project.id)} />
 */
export const ProjectInput = ({ only, source = 'projectId', ...props }: ProjectInputProps) => {
  const { projects, isPending } = useProjectRegister();
  const required = useRequiredField(source);
  const choices = byName(only ? projects.filter(only) : projects);
  return (
    <SelectInput
      // mounted again once the projects are there: its choice list starts from them (no out-of-range value)
      key={isPending ? 'loading' : 'loaded'}
      source={source}
      choices={choices}
      optionText="name"
      optionValue="id"
      isPending={isPending}
      isRequired={required}
      {...props}
    />
  );
};
