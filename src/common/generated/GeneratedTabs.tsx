import { Box, Typography } from '@mui/material';
import { useCanAccessResources, useRecordContext, useTranslate } from 'react-admin';
import type { ResourceDescriptor } from '../../../domain/resource';
import { hintOf, type TabHint } from '../../../domain/resourceUi';
import { FormTabs, type FormTab } from '../FormTabs';
import { useViewer } from '../useViewer';
import { GeneratedInputs } from './GeneratedInputs';
import { NamedWidget } from './widgets';

type Mode = 'create' | 'edit';

/** One tab of the hints as FormTabs takes it: its help, the widget above, its fields, its widget. */
function formTab(
  descriptor: ResourceDescriptor,
  tab: TabHint,
  mode: Mode,
  translate: (key: string) => string,
) {
  return {
    key: tab.key,
    label: translate(tab.label),
    content: (
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        {tab.help && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 640 }}>
            {translate(tab.help)}
          </Typography>
        )}
        {tab.before && <NamedWidget name={tab.before} />}
        {tab.fields && <GeneratedInputs descriptor={descriptor} mode={mode} fields={tab.fields} />}
        {tab.widget && <NamedWidget name={tab.widget} />}
      </Box>
    ),
  } satisfies FormTab;
}

/** A New page's tab has something to fill: a widget, or a field its create schema takes. */
const fillable = (descriptor: ResourceDescriptor, tab: TabHint) =>
  tab.widget !== undefined ||
  (tab.fields ?? []).some((hint) => hintOf(hint).field.split('.')[0] in descriptor.createSchema.properties);

/**
 * The tabs of an item's page (JSON for admins and History follow) or of a New page from the hints, those the
 * viewer may see: an `adminOnly` tab for administrators, one that names a route for who may list its rows; a New
 * page's tabs show the fields its create schema takes and leave out a tab with nothing to fill.
 */
export const GeneratedTabs = ({
  descriptor,
  mode = 'edit',
}: {
  descriptor: ResourceDescriptor;
  mode?: Mode;
}) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const isAdmin = useViewer().viewer?.isAdmin === true;
  const tabs = descriptor.ui.tabs ?? [];
  // a tab that names a route is for a viewer who may list that route's rows (of the item's project)
  const routes = tabs.flatMap((tab) => (tab.readable ? [tab.readable] : []));
  const { canAccess = {} } = useCanAccessResources({ action: 'list', resources: routes, record });
  const shown = tabs.filter(
    (tab) =>
      (!tab.readable || canAccess[tab.readable] === true) &&
      (!tab.adminOnly || isAdmin) &&
      (mode === 'edit' || fillable(descriptor, tab)),
  );
  return <FormTabs tabs={shown.map((tab) => formTab(descriptor, tab, mode, translate))} />;
};
