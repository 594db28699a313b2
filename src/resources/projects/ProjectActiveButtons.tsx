import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import BlockIcon from '@mui/icons-material/Block';
import { useState } from 'react';
import { Button, useDataProvider, useListContext, useRefresh, useUnselectAll } from 'react-admin';
import type { Project } from '../../../domain/schemas/project';
import { useNotifyResult } from '../../common/useNotifyResult';
import { useRefreshProjectRegister } from '../../common/useProjectRegister';
import type { CoreDataProvider } from '../../dataProviders/coreDataProvider';
import { errorMessage } from '../../dataProviders/httpClient';
import { toProjectWrite } from './projectValues';

const RESOURCE = 'identity/project';

/** Activates or deactivates the selected projects with batch calls (PUT items, 10 per request). */
const ProjectActiveButton = ({ active }: { active: boolean }) => {
  const { selectedIds, data } = useListContext<Project>();
  const dataProvider = useDataProvider<CoreDataProvider>();
  const notifyResult = useNotifyResult();
  const refresh = useRefresh();
  const refreshRegister = useRefreshProjectRegister();
  const unselectAll = useUnselectAll(RESOURCE);
  const [pending, setPending] = useState(false);

  const run = async () => {
    setPending(true);
    try {
      const onPage = (data ?? []).filter((project) => selectedIds.includes(project.id));
      const missingIds = selectedIds.filter((id) => !onPage.some((project) => project.id === id));
      const others = missingIds.length
        ? (await dataProvider.getMany<Project>(RESOURCE, { ids: missingIds })).data
        : [];
      const items = [...onPage, ...others].map((project) => ({
        method: 'PUT' as const,
        id: project.id,
        data: { ...toProjectWrite(project), active },
      }));
      const results = await dataProvider.batch(RESOURCE, items);
      const failed = results.filter((result) => result.status.code >= 400);
      if (failed.length) {
        const reasons = failed.flatMap((result) => result.status.message).join(' ');
        notifyResult(
          'error',
          'app.notification.batchFailure',
          {},
          reasons || 'app.notification.batchFailedItems',
          {
            count: failed.length,
            total: items.length,
          },
        );
      } else {
        notifyResult('success', 'app.notification.batchDone');
        unselectAll();
      }
    } catch (error) {
      notifyResult('error', 'app.notification.batchFailure', {}, errorMessage(error));
    } finally {
      setPending(false);
      refresh();
      void refreshRegister();
    }
  };

  return (
    <Button
      label={active ? 'app.action.activate' : 'app.action.deactivate'}
      disabled={pending}
      onClick={() => void run()}
    >
      {active ? <CheckCircleIcon /> : <BlockIcon />}
    </Button>
  );
};

export const ProjectActiveButtons = () => (
  <>
    <ProjectActiveButton active />
    <ProjectActiveButton active={false} />
  </>
);
