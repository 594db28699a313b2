import { ItemEdit } from '../../common/ItemEdit';
import { useViewer } from '../../common/useViewer';
import { CertificateTabs } from './CertificateTabs';

/** A certificate: Save, Apply, Delete (after confirmation) and Back, around its tabs; a failed read shows the error page. */
export const CertificateEdit = () => {
  const { viewer } = useViewer();
  return (
    <ItemEdit tabbed canDelete readFailurePage>
      <CertificateTabs isAdmin={viewer?.isAdmin === true} />
    </ItemEdit>
  );
};
