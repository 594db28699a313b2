import { Chip } from '@mui/material';
import { Datagrid, FunctionField, SelectInput, TextField, useRecordContext, useTranslate } from 'react-admin';
import { JOB_KINDS, JOB_STATES, type Job } from '../../../domain/schemas/job';
import { DateTimeField } from '../../common/DateTimeField';
import { ResourceList } from '../../common/ResourceList';
import { RetryJobButton } from './RetryJobButton';

const STATE_COLORS = {
  pending: 'info',
  running: 'primary',
  done: 'success',
  failed: 'error',
} as const;

/** A job's state as a coloured chip, in the console's language. */
export const JobStateChip = () => {
  const job = useRecordContext<Job>();
  const translate = useTranslate();
  if (!job) return null;
  return (
    <Chip size="small" color={STATE_COLORS[job.state]} label={translate(`app.job.state.${job.state}`)} />
  );
};

/** The filter choices of the list, translated by react-admin from their keys. */
export const jobStateChoices = JOB_STATES.map((state) => ({ id: state, name: `app.job.state.${state}` }));
const kindChoices = JOB_KINDS.map((kind) => ({ id: kind, name: `app.job.kind.${kind}` }));

const jobFilters = [
  <SelectInput key="state" source="state" choices={jobStateChoices} alwaysOn />,
  <SelectInput key="kind" source="kind" choices={kindChoices} alwaysOn />,
];

/** The longest error shown in a row; the job's page shows all of it. */
const ERROR_IN_ROW = 160;

/**
 * Identity → Background jobs (administrators): the queue's jobs, newest change first, with their state, attempts,
 * next run and latest error; failed ones can be retried from their row.
 */
export const JobList = () => {
  const translate = useTranslate();
  return (
    <ResourceList filters={jobFilters}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField<Job>
          source="kind"
          render={(job) => translate(`app.job.kind.${job.kind}`, { _: job.kind })}
        />
        <FunctionField<Job> source="state" render={() => <JobStateChip />} />
        <FunctionField<Job> source="attempts" render={(job) => `${job.attempts} / ${job.maxAttempts}`} />
        <DateTimeField source="runAt" />
        <FunctionField<Job>
          source="lastError"
          sortable={false}
          render={(job) =>
            job.lastError && job.lastError.length > ERROR_IN_ROW
              ? `${job.lastError.slice(0, ERROR_IN_ROW)}…`
              : (job.lastError ?? '')
          }
        />
        <DateTimeField source="updatedAt" />
        <TextField source="dedupeKey" sortable={false} />
        <RetryJobButton />
      </Datagrid>
    </ResourceList>
  );
};
