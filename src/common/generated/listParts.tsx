import { Box, FormControlLabel, Switch } from '@mui/material';
import { useStore, useTranslate } from 'react-admin';
import type { ColumnHint, ResourceUi } from '../../../domain/resourceUi';
import { RowEditButton } from '../RowEditButton';
import { useRowAccess } from '../useRowAccess';
import { useViewer } from '../useViewer';
import { NamedWidget } from './widgets';

export const ACTIONS_LABEL = 'app.action.actions';

/** A switch in a list's toolbar that shows a column (`toggle`). */
const ColumnSwitch = ({
  label,
  on,
  onChange,
}: {
  label: string;
  on: boolean;
  onChange: (on: boolean) => void;
}) => {
  const translate = useTranslate();
  return (
    <FormControlLabel
      control={<Switch checked={on} onChange={(event) => onChange(event.target.checked)} />}
      label={translate(label)}
    />
  );
};

/**
 * The columns a list shows its viewer: those of administrators (`adminOnly`) to them alone, those with a `toggle`
 * while its switch is on (kept per list in the console's store); and those switches, for the list's toolbar.
 */
export function useShownColumns(route: string, hints: readonly ColumnHint[]) {
  const { viewer } = useViewer();
  const [toggled, setToggled] = useStore<string[]>(`${route}.list.shownColumns`, []);
  const allowed = hints.filter((hint) => !hint.adminOnly || viewer?.isAdmin === true);
  const switches = allowed.flatMap((hint) =>
    hint.toggle
      ? [
          <ColumnSwitch
            key={hint.field}
            label={hint.toggle}
            on={toggled.includes(hint.field)}
            onChange={(on) =>
              setToggled(on ? [...toggled, hint.field] : toggled.filter((field) => field !== hint.field))
            }
          />,
        ]
      : [],
  );
  return { columns: allowed.filter((hint) => !hint.toggle || toggled.includes(hint.field)), switches };
}

/**
 * A row's actions: its named buttons, then Edit (`list.rowEdit`) where the viewer may change the row, or for
 * administrators; on one line. `label` and `textAlign` are read by the list's header.
 *
 * @example <RowActions label={ACTIONS_LABEL} textAlign="right" names={['rawView']} rowEdit="update" />
 */
export const RowActions = ({
  names,
  rowEdit,
}: {
  names: readonly string[];
  rowEdit: NonNullable<ResourceUi['list']>['rowEdit'];
  label: string;
  textAlign: 'right';
}) => {
  const canUpdate = useRowAccess('update');
  const { viewer } = useViewer();
  const canEdit = rowEdit === 'admin' ? () => viewer?.isAdmin === true : canUpdate;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', whiteSpace: 'nowrap' }}>
      {names.map((name) => (
        <NamedWidget key={name} name={name} />
      ))}
      {rowEdit && <RowEditButton canEdit={canEdit} />}
    </Box>
  );
};
