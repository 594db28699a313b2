import DeleteIcon from '@mui/icons-material/PersonRemove';
import { Chip, Stack, TableCell, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RightsActionsCell, RightsNumberCell, isValidRights } from './RightsCells';

export interface Member {
  userId: string;
  name: string;
  email: string;
  /** the rights as typed (text of a number) */
  rights: string;
  /** the rights saved on the server; null while the user is only added here */
  saved: number | null;
}

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
      <RightsNumberCell rights={member.rights} whose={member.email} onChange={onChange} />
      <RightsActionsCell
        whose={member.email}
        busy={busy}
        canSave={isValidRights(member.rights) && changed}
        removeIcon={<DeleteIcon />}
        removeLabel={translate('app.project.remove')}
        onEdit={onEdit}
        onSave={onSave}
        onRemove={onRemove}
      />
    </TableRow>
  );
};
