import SaveIcon from '@mui/icons-material/Save';
import TuneIcon from '@mui/icons-material/Tune';
import { Button, IconButton, TableCell, TextField, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { isValidRightsMask } from '../../../../domain/rights';
import { useRightsInWords } from '../../../common/useRightsInWords';

/** Whether rights typed as text are a whole bitmask of rights (empty text is not). */
export const isValidRights = (text: string) => text.trim() !== '' && isValidRightsMask(Number(text));

/**
 * The cell of a rights row (a project's member, an API client's project) where the rights are typed as a number,
 * named in words below it; `whose` names the row for a screen reader.
 */
export const RightsNumberCell = ({
  rights,
  whose,
  onChange,
}: {
  rights: string;
  whose: string;
  onChange: (rights: string) => void;
}) => {
  const translate = useTranslate();
  const rightsInWords = useRightsInWords();
  const valid = isValidRights(rights);
  return (
    <TableCell sx={{ width: 280 }}>
      <TextField
        size="small"
        type="number"
        value={rights}
        error={!valid}
        onChange={(event) => onChange(event.target.value)}
        slotProps={{
          htmlInput: { min: 0, 'aria-label': `${translate('app.project.rightsNumber')} ${whose}` },
        }}
        sx={{ width: 120 }}
      />
      <Typography variant="caption" color="text.secondary" component="div" sx={{ maxWidth: 260 }}>
        {valid ? rightsInWords(Number(rights)) : ''}
      </Typography>
    </TableCell>
  );
};

/**
 * The last cell of a rights row: the checkbox dialog, Save (only for valid, changed rights) and Remove, whose
 * icon and label the row names.
 */
export const RightsActionsCell = ({
  whose,
  busy,
  canSave,
  removeIcon,
  removeLabel,
  onEdit,
  onSave,
  onRemove,
}: {
  whose: string;
  busy: boolean;
  canSave: boolean;
  removeIcon: ReactNode;
  removeLabel: string;
  onEdit: () => void;
  onSave: () => void;
  onRemove: () => void;
}) => {
  const translate = useTranslate();
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      <Tooltip title={translate('app.project.editRights')}>
        <IconButton aria-label={`${translate('app.project.editRights')} ${whose}`} onClick={onEdit}>
          <TuneIcon />
        </IconButton>
      </Tooltip>
      <Button
        size="small"
        startIcon={<SaveIcon />}
        disabled={busy || !canSave}
        onClick={onSave}
        aria-label={`${translate('app.project.saveRights')} ${whose}`}
      >
        {translate('app.project.saveRights')}
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={removeIcon}
        disabled={busy}
        onClick={onRemove}
        aria-label={`${removeLabel} ${whose}`}
      >
        {translate('app.project.remove')}
      </Button>
    </TableCell>
  );
};
