import DataObjectIcon from '@mui/icons-material/DataObject';
import { IconButton, ListItemText, ListSubheader, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { PlaceholderOption } from '../dynamicData';
import type { ValueKind } from './typedValue';

/**
 * The placeholders that fit a value: a text takes any, other kinds only their own type.
 *
 * @example placeholdersFor('number', [{ name: 'name', type: 'string' }, { name: 'points', type: 'number' }])
 * // [{ name: 'points', type: 'number' }]
 */
export const placeholdersFor = (kind: ValueKind, placeholders: readonly PlaceholderOption[]) =>
  kind === 'string' ? placeholders : placeholders.filter((placeholder) => placeholder.type === kind);

/**
 * A button opening the list of the dynamic data's placeholders; choosing one hands its `#{name}` on. The ticket
 * contract's fields (which the e-shop fills) follow under their own heading. Nothing is shown when there is no
 * placeholder to offer.
 *
 * @example <PlaceholderMenu placeholders={placeholdersFor('number', placeholders)} onInsert={insert} disabled={false} />
 */
export const PlaceholderMenu = ({
  placeholders,
  onInsert,
  disabled,
}: {
  placeholders: readonly PlaceholderOption[];
  onInsert: (placeholder: string) => void;
  disabled: boolean;
}) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (placeholders.length === 0) return null;
  const title = translate('app.designer.fields.valueInput.insertPlaceholder');
  const own = placeholders.filter((placeholder) => placeholder.group !== 'ticket');
  const ticket = placeholders.filter((placeholder) => placeholder.group === 'ticket');
  const item = (placeholder: PlaceholderOption) => (
    <MenuItem
      key={placeholder.name}
      onClick={() => {
        setAnchor(null);
        onInsert(`#{${placeholder.name}}`);
      }}
    >
      <ListItemText primary={`#{${placeholder.name}}`} secondary={placeholder.title} />
    </MenuItem>
  );
  return (
    <>
      <Tooltip title={title}>
        <span>
          <IconButton
            aria-label={title}
            aria-haspopup="menu"
            disabled={disabled}
            onClick={(event) => setAnchor(event.currentTarget)}
            sx={{ mt: 1 }}
          >
            <DataObjectIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} disableRestoreFocus>
        {own.map(item)}
        {ticket.length > 0 && (
          <ListSubheader key="ticket-heading">
            {translate('app.designer.fields.valueInput.ticketPlaceholders')}
          </ListSubheader>
        )}
        {ticket.map(item)}
      </Menu>
    </>
  );
};
