import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { Box, Tab, Tabs } from '@mui/material';
import { useMemo, useState } from 'react';
import { ItemEditContext, useItemEdit, type FormTab } from './ItemEditContext';

export type { FormTab } from './ItemEditContext';

/**
 * Tabs inside an item form. Every panel stays mounted (hidden when not chosen), so the inputs of all
 * tabs keep validating, except lazy ones; the chosen tab is local state, so that the URL keeps naming only the item.
 * On an item's page, the tabs every item has (JSON for admins, History) follow the form's own, unless the form
 * places one itself (same key).
 *
 * @example <FormTabs defaultTab="designer" tabs={[{ key: 'general', label: 'General', content: <Inputs /> }]} />
 */
export const FormTabs = ({ tabs: ownTabs, defaultTab }: { tabs: FormTab[]; defaultTab?: string }) => {
  const item = useItemEdit();
  const insidePanels = useMemo(() => ({ ...item, itemTabs: [] }), [item]);
  const tabs = [...ownTabs, ...item.itemTabs.filter((tab) => !ownTabs.some((own) => own.key === tab.key))];
  const [chosen, setChosen] = useState(defaultTab ?? tabs[0]?.key);
  const current = tabs.some((tab) => tab.key === chosen) ? chosen : tabs[0]?.key;
  return (
    <Box sx={{ width: '100%' }}>
      <Tabs
        value={current}
        onChange={(_event, key: string) => setChosen(key)}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.key}
            label={tab.label}
            id={`tab-${tab.key}`}
            aria-controls={`tabpanel-${tab.key}`}
            icon={tab.error ? <ErrorOutlineIcon fontSize="small" /> : undefined}
            iconPosition="end"
            sx={tab.error ? { color: 'error.main', '&.Mui-selected': { color: 'error.main' } } : undefined}
          />
        ))}
      </Tabs>
      {tabs.map((tab) => (
        <Box
          key={tab.key}
          role="tabpanel"
          id={`tabpanel-${tab.key}`}
          aria-labelledby={`tab-${tab.key}`}
          hidden={tab.key !== current}
          sx={{ pt: 2 }}
        >
          {/* tabs inside a panel are the panel's own: the item's tabs are not repeated there */}
          <ItemEditContext.Provider value={insidePanels}>
            {tab.lazy && tab.key !== current ? null : tab.content}
          </ItemEditContext.Provider>
        </Box>
      ))}
    </Box>
  );
};
