import DeleteIcon from '@mui/icons-material/PersonRemove';
import SaveIcon from '@mui/icons-material/Save';
import TuneIcon from '@mui/icons-material/Tune';
import {
  Button,
  Chip,
  IconButton,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { isValidRightsMask } from '../../../../domain/rights';
import { useRightsInWords } from '../../../common/useRightsInWords';

export interface Member {
  userId: string;
  name: string;
  email: string;
  /** the rights as typed (text of a number) */
  rights: string;
  /** the rights saved on the server; null while the user is only added here */
  saved: number | null;
}

export const isValidRights = (text: string) => text.trim() !== '' && isValidRightsMask(Number(text));

/** One member: rights as a number (or through the checkbox modal) named in words below it, Save, Remove. */
export const MemberRow = ({
  member,
  busy,
  onChange,
  onEdit,
  onSave,
  onRemove,
}: {
  member: Member;
  busy: boolean;
  onChange: (rights: string) => void;
  onEdit: () => void;
  onSave: () => void;
  onRemove: () => void;
}) => {
  const translate = useTranslate();
  const rightsInWords = useRightsInWords();
  const valid = isValidRights(member.rights);
  const changed = member.saved === null || Number(member.rights) !== member.saved;
  return (
    <TableRow>
      <TableCell>
        <Stack direction="row" spacing={1} alignItems="center">
          <span>{member.name}</span>
          {member.saved === null && <Chip size="small" label={translate('app.project.unsaved')} />}
        </Stack>
      </TableCell>
      <TableCell>{member.email}</TableCell>
      <TableCell sx={{ width: 280 }}>
        <TextField
          size="small"
          type="number"
          value={member.rights}
          error={!valid}
          onChange={(event) => onChange(event.target.value)}
          slotProps={{
            htmlInput: { min: 0, 'aria-label': `${translate('app.project.rightsNumber')} ${member.email}` },
          }}
          sx={{ width: 120 }}
        />
        <Typography variant="caption" color="text.secondary" component="div" sx={{ maxWidth: 260 }}>
          {valid ? rightsInWords(Number(member.rights)) : ''}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title={translate('app.project.editRights')}>
          <IconButton aria-label={`${translate('app.project.editRights')} ${member.email}`} onClick={onEdit}>
            <TuneIcon />
          </IconButton>
        </Tooltip>
        <Button
          size="small"
          startIcon={<SaveIcon />}
          disabled={busy || !valid || !changed}
          onClick={onSave}
          aria-label={`${translate('app.project.saveRights')} ${member.email}`}
        >
          {translate('app.project.saveRights')}
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          disabled={busy}
          onClick={onRemove}
          aria-label={`${translate('app.project.remove')} ${member.email}`}
        >
          {translate('app.project.remove')}
        </Button>
      </TableCell>
    </TableRow>
  );
};
