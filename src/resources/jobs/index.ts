import WorkHistoryIcon from '@mui/icons-material/WorkHistory';
import { recordRepresentationOf } from '../../layout/recordRepresentation';
import { lazyScreen } from '../../common/lazyScreen';

const JobList = lazyScreen(
  () => import('./JobList'),
  (module) => module.JobList,
);
const JobShow = lazyScreen(
  () => import('./JobShow'),
  (module) => module.JobShow,
);

/** Background jobs: read-only screens for administrators (the list, a job's page with Retry). */
export default {
  list: JobList,
  edit: JobShow,
  icon: WorkHistoryIcon,
  recordRepresentation: recordRepresentationOf('identity/job'),
};
