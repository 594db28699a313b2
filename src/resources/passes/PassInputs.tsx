import { DateTimeInput, useRecordContext } from 'react-admin';
import { Right, can } from '../../../domain/rights';
import type { Pass } from '../../../domain/schemas/pass';
import type { Template } from '../../../domain/schemas/template';
import { useViewer } from '../../common/useViewer';
import { DynamicDataInput } from './DynamicDataInput';
import { TemplateChoice } from './TemplateChoice';
import { VoidedInput } from './VoidedInput';

/** The datetime-local text of the input as the instant the API stores; empty means none. */
const toInstant = (value: unknown) =>
  typeof value === 'string' && value !== '' && !Number.isNaN(new Date(value).getTime())
    ? new Date(value).toISOString()
    : null;

/**
 * New pass: a template of a project where the viewer holds PASS_CREATE, then its dynamic data.
 * A pass's General tab: a template of the same project, the expiration date and voided.
 */
export const PassInputs = ({ mode, readOnly = false }: { mode: 'create' | 'edit'; readOnly?: boolean }) => {
  const { viewer } = useViewer();
  const pass = useRecordContext<Pass>();
  const only =
    mode === 'create'
      ? (template: Template) => (viewer ? can(viewer, Right.PASS_CREATE, template.projectId) : false)
      : (template: Template) => template.projectId === pass?.projectId;
  if (mode === 'create') {
    return (
      <>
        <TemplateChoice only={only} />
        <DynamicDataInput />
      </>
    );
  }
  return (
    <>
      <TemplateChoice only={only} readOnly={readOnly} />
      <DateTimeInput source="expirationDate" parse={toInstant} readOnly={readOnly} />
      <VoidedInput readOnly={readOnly} />
    </>
  );
};
