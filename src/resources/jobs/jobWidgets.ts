import type { Widgets } from '../../common/generated/widgets';
import { RetryJobButton } from './RetryJobButton';

/** The job screens' own piece: Retry on a failed job's row and page. */
export const jobWidgets: Widgets = { fields: { retryJob: RetryJobButton } };
