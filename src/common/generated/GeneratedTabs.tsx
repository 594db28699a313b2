import { Box } from '@mui/material';
import { useCanAccessResources, useRecordContext, useTranslate } from 'react-admin';
import type { ResourceDescriptor } from '../../../domain/resource';
import type { TabHint } from '../../../domain/resourceUi';
import { FormTabs, type FormTab } from '../FormTabs';
import { GeneratedInputs } from './GeneratedInputs';
import { NamedWidget } from './widgets';

/** One tab of the hints as FormTabs takes it: its fields, or its widget. */
function formTab(descriptor: ResourceDescriptor, tab: TabHint, label: string): FormTab {
  return {
    key: tab.key,
    label,
    content: (
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
        {tab.fields && <GeneratedInputs descriptor={descriptor} mode="edit" fields={tab.fields} />}
        {tab.widget && <NamedWidget name={tab.widget} />}
      </Box>
    ),
  };
}

/** The tabs of an item's page from its hints (JSON for admins and History follow), those the viewer may see. */
export const GeneratedTabs = ({ descriptor }: { descriptor: ResourceDescriptor }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const tabs = descriptor.ui.tabs ?? [];
  // a tab that names a route is for a viewer who may list that route's rows (of the item's project)
  const routes = tabs.flatMap((tab) => (tab.readable ? [tab.readable] : []));
  const { canAccess = {} } = useCanAccessResources({ action: 'list', resources: routes, record });
  const shown = tabs.filter((tab) => !tab.readable || canAccess[tab.readable] === true);
  return <FormTabs tabs={shown.map((tab) => formTab(descriptor, tab, translate(tab.label)))} />;
};
