import {
  FunctionField,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import type { Job } from '../../../domain/schemas/job';
import { DateTimeField } from '../../common/DateTimeField';
import { JobStateChip } from './JobList';
import { RetryJobButton } from './RetryJobButton';

/** A job's page (read-only): what it does, its state, attempts, times, whole latest error; Retry when failed. */
export const JobShow = () => {
  const translate = useTranslate();
  return (
    <Show
      title={false}
      actions={
        <TopToolbar>
          <RetryJobButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="id" />
        <FunctionField<Job>
          source="kind"
          render={(job) => translate(`app.job.kind.${job.kind}`, { _: job.kind })}
        />
        <FunctionField<Job> source="state" render={() => <JobStateChip />} />
        <FunctionField<Job>
          source="lastError"
          render={(job) => (
            <pre style={{ whiteSpace: 'pre-wrap', margin: 0, fontFamily: 'inherit' }}>
              {job.lastError ?? '—'}
            </pre>
          )}
        />
        <NumberField source="attempts" />
        <NumberField source="maxAttempts" />
        <DateTimeField source="runAt" />
        <DateTimeField source="createdAt" />
        <DateTimeField source="updatedAt" />
        <DateTimeField source="finishedAt" />
        <TextField source="dedupeKey" emptyText="—" />
        <TextField source="lockedBy" emptyText="—" />
        <DateTimeField source="lockedUntil" />
        <FunctionField<Job> source="payload" render={(job) => <code>{JSON.stringify(job.payload)}</code>} />
      </SimpleShowLayout>
    </Show>
  );
};
