import { Box, Typography } from '@mui/material';
import { useCanAccessResources, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { ResourceDescriptor } from '../../../domain/resource';
import { hintOf, type TabHint } from '../../../domain/resourceUi';
import { FormTabs, type FormTab } from '../FormTabs';
import { JsonTab } from '../JsonTab';
import { useViewer } from '../useViewer';
import { GeneratedInputs } from './GeneratedInputs';
import { NamedWidget, useFormChecks, useTabState } from './widgets';

type Mode = 'create' | 'edit';

interface TabsProps {
  descriptor: ResourceDescriptor;
  mode: Mode;
  tabs: readonly TabHint[];
  /** the keys of tabs marked as holding a problem whatever the checks say */
  troubled: readonly string[];
}

/** One tab of the hints as FormTabs takes it: its help, the widget above, its fields, its widget. */
function formTab(
  descriptor: ResourceDescriptor,
  tab: TabHint,
  mode: Mode,
  translate: (key: string) => string,
): FormTab {
  if (tab.json) return { key: tab.key, label: translate(tab.label), lazy: true, content: <JsonTab /> };
  return {
    key: tab.key,
    label: translate(tab.label),
    lazy: tab.lazy,
    content: (
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
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
  };
}

/** The top-level fields a tab holds, by its fields and its widgets' (`seller` for `seller.legalName`). */
const fieldsOf = (tab: TabHint) =>
  [...(tab.fields ?? []).map((hint) => hintOf(hint).field), ...(tab.widgetFields ?? [])].map(
    (field) => field.split('.')[0],
  );

/** A New page's tab has something to fill: a widget, or a field its create schema takes. */
const fillable = (descriptor: ResourceDescriptor, tab: TabHint) =>
  tab.widget !== undefined || fieldsOf(tab).some((field) => field in descriptor.createSchema.properties);

const PlainTabs = ({ descriptor, mode, tabs, troubled }: TabsProps) => {
  const translate = useTranslate();
  return (
    <FormTabs
      tabs={tabs.map((tab) => ({
        ...formTab(descriptor, tab, mode, translate),
        error: troubled.includes(tab.key),
      }))}
    />
  );
};

/** Tabs marked while the resource's checks find a problem in one of their fields, as the values are typed. */
const CheckedTabs = ({ descriptor, mode, tabs, troubled: marked }: TabsProps) => {
  const translate = useTranslate();
  const { problemsOf } = useFormChecks(descriptor.ui.checks);
  const values = useWatch();
  const troubled = new Set((problemsOf?.(values) ?? []).map((problem) => problem.path.split('/')[1]));
  const hasProblem = (tab: TabHint) =>
    marked.includes(tab.key) || fieldsOf(tab).some((field) => troubled.has(field));
  return (
    <FormTabs
      tabs={tabs.map((tab) => ({ ...formTab(descriptor, tab, mode, translate), error: hasProblem(tab) }))}
    />
  );
};

/**
 * The tabs of an item's page (JSON for admins and History follow) or of a New page from the hints, those the
 * viewer may see: an `adminOnly` tab for administrators, one that names a route for who may list its rows; a New
 * page's tabs show the fields its create schema takes and leave out a tab with nothing to fill; the resource's named
 * tab state leaves out tabs and marks others by the form's values. With the resource's named checks, a tab holding a
 * field with a problem is marked.
 */
export const GeneratedTabs = ({
  descriptor,
  mode = 'edit',
}: {
  descriptor: ResourceDescriptor;
  mode?: Mode;
}) => {
  const record = useRecordContext();
  const isAdmin = useViewer().viewer?.isAdmin === true;
  const tabs = descriptor.ui.tabs ?? [];
  // a tab that names a route is for a viewer who may list that route's rows (of the item's project)
  const routes = tabs.flatMap((tab) => (tab.readable ? [tab.readable] : []));
  const { canAccess = {} } = useCanAccessResources({ action: 'list', resources: routes, record });
  const { hidden = [], troubled = [] } = useTabState(descriptor.ui.tabState);
  const shown = tabs.filter(
    (tab) =>
      !hidden.includes(tab.key) &&
      (!tab.readable || canAccess[tab.readable] === true) &&
      (!(tab.adminOnly || tab.json) || isAdmin) &&
      (mode === 'edit' || fillable(descriptor, tab)),
  );
  // only a resource with checks watches every value
  const Tabs = descriptor.ui.checks ? CheckedTabs : PlainTabs;
  return <Tabs descriptor={descriptor} mode={mode} tabs={shown} troubled={troubled} />;
};
