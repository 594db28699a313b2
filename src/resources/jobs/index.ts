import WorkHistoryIcon from '@mui/icons-material/WorkHistory';
import { recordRepresentationOf } from '../../layout/recordRepresentation';
import { JobList } from './JobList';
import { JobShow } from './JobShow';

/** Background jobs: read-only screens for administrators (the list, a job's page with Retry). */
export default {
  list: JobList,
  edit: JobShow,
  icon: WorkHistoryIcon,
  recordRepresentation: recordRepresentationOf('identity/job'),
};
