import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { CertificateCreate } from './CertificateCreate';
import { CertificateEdit } from './CertificateEdit';
import { CertificateList } from './CertificateList';
import { recordRepresentationOf } from '../../layout/recordRepresentation';

export default {
  list: CertificateList,
  edit: CertificateEdit,
  create: CertificateCreate,
  icon: WorkspacePremiumIcon,
  recordRepresentation: recordRepresentationOf('passes/certificate'),
};
