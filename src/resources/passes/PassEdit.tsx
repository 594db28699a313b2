import { useGetOne, useParams } from 'react-admin';
import { rowRights } from '../../../domain/rights';
import { passResource, type Pass } from '../../../domain/schemas/pass';
import { AccessGuard } from '../../common/AccessGuard';
import { ItemEdit } from '../../common/ItemEdit';
import { useViewer } from '../../common/useViewer';
import { PassLinkButtons } from './PassLinkButtons';
import { PassTabs } from './PassTabs';
import { PushResults } from './PushResults';
import { WalletCheck } from '../../common/WalletCheck';

export const PASS_RESOURCE = 'passes/pass';

/**
 * A pass's page: its tabs; Save and Apply (disabled without PASS_UPDATE on its project), View, Download
 * pkpass, Print pdf, QR code, Delete (PASS_DELETE, never for a pass already deleted) and Back.
 */
export const PassEdit = () => (
  // the guard first: the view reads the pass before its form does
  <AccessGuard action="edit">
    <PassEditView />
  </AccessGuard>
);

const PassEditView = () => {
  const { id = '' } = useParams<{ id: string }>();
  const { viewer } = useViewer();
  // the same query as the page's own read: rights depend on the pass's project
  const { data: pass } = useGetOne<Pass>(PASS_RESOURCE, { id });
  const rights = rowRights(viewer, passResource.access, pass?.projectId);
  return (
    <ItemEdit
      tabbed
      canSave={rights.update}
      canDelete={rights.delete}
      readFailurePage
      extra={<PassLinkButtons />}
    >
      <PassTabs isAdmin={rights.isAdmin} readOnly={!rights.update} />
      <WalletCheck resource="pass" id={pass?.id} />
      {rights.isAdmin && <PushResults passId={pass?.id} />}
    </ItemEdit>
  );
};
