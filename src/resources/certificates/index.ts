import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { recordRepresentationOf } from '../../layout/recordRepresentation';
import { lazyScreen } from '../../common/lazyScreen';

const CertificateCreate = lazyScreen(
  () => import('./CertificateCreate'),
  (module) => module.CertificateCreate,
);
const CertificateEdit = lazyScreen(
  () => import('./CertificateEdit'),
  (module) => module.CertificateEdit,
);
const CertificateList = lazyScreen(
  () => import('./CertificateList'),
  (module) => module.CertificateList,
);

export default {
  list: CertificateList,
  edit: CertificateEdit,
  create: CertificateCreate,
  icon: WorkspacePremiumIcon,
  recordRepresentation: recordRepresentationOf('passes/certificate'),
};
