import type { TSchema } from '@sinclair/typebox';
import { useItemEdit } from '../ItemEditContext';

/**
 * Does the form's write schema require a value of this field (one that may not be null)? Inputs mark it and choice
 * lists offer no empty choice; the form's validator does the checking.
 *
 * @example <SelectInput source="projectId" isRequired={useRequiredField('projectId')} />
 */
export function useRequiredField(source: string): boolean {
  const { writeSchema } = useItemEdit();
  const field = writeSchema?.properties[source] as (TSchema & { anyOf?: TSchema[] }) | undefined;
  if (!field || !writeSchema?.required?.includes(source)) return false;
  return !(field.anyOf ?? []).some((member) => (member as { type?: unknown }).type === 'null');
}
