import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import type { Certificate } from '../../../domain/schemas/certificate';
import { CertificateCreate } from './CertificateCreate';
import { CertificateEdit } from './CertificateEdit';
import { CertificateList } from './CertificateList';
import { certificateRoutes } from './certificateRoutes';

export default {
  list: CertificateList,
  edit: CertificateEdit,
  create: CertificateCreate,
  icon: WorkspacePremiumIcon,
  recordRepresentation: (certificate: Certificate) => certificate.name,
  /** extra routes of the resource: /new */
  children: certificateRoutes,
};
