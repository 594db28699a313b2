import {
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  useAuthProvider,
  useDataProvider,
  useEditContext,
  useGetMany,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Project } from '../../../../domain/schemas/project';
import type { User } from '../../../../domain/schemas/user';
import type { PassbaseAuthProvider } from '../../../authProvider';
import { useNotifyResult } from '../../../common/useNotifyResult';
import { useRightsInWords } from '../../../common/useRightsInWords';
import { useViewer } from '../../../common/useViewer';
import type { CoreDataProvider } from '../../../dataProviders/coreDataProvider';
import { errorMessage, errorStatus } from '../../../dataProviders/httpClient';
import { userName } from './userName';
import { AddUserByEmail } from './AddUserByEmail';
import { MemberRow, type Member } from './MemberRow';
import { RightsDialog } from './RightsDialog';

/**
 * The users of a project and their rights: add by e-mail (rights start at 0), edit as a number or with
 * checkboxes, save (POST …/rights with the number) or remove (POST …/rights with null).
 */
export const ProjectUserRights = () => {
  const project = useRecordContext<Project>();
  const { refetch } = useEditContext<Project>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<CoreDataProvider>();
  const notifyResult = useNotifyResult();
  const rightsInWords = useRightsInWords();
  const queryClient = useQueryClient();
  const authProvider = useAuthProvider<PassbaseAuthProvider>();
  const { viewer } = useViewer();
  const [added, setAdded] = useState<User[]>([]);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [dialogFor, setDialogFor] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const saved = project?.users ?? {};
  const memberIds = Object.keys(saved);
  const { data: memberUsers } = useGetMany<User>(
    'identity/user',
    { ids: memberIds },
    { enabled: memberIds.length > 0 },
  );
  if (!project) return null;

  const known = new Map<string, User>([...(memberUsers ?? []), ...added].map((user) => [user.id, user]));
  const toMember = (userId: string, savedRights: number | null): Member => {
    const user = known.get(userId);
    return {
      userId,
      name: user ? userName(user) : userId,
      email: user?.email ?? '',
      rights: edits[userId] ?? String(savedRights ?? 0),
      saved: savedRights,
    };
  };
  const members = [
    ...memberIds.map((userId) => toMember(userId, saved[userId])),
    ...added.filter((user) => !(user.id in saved)).map((user) => toMember(user.id, null)),
  ];

  const forget = (userId: string) => {
    setAdded((users) => users.filter((user) => user.id !== userId));
    setEdits(({ [userId]: _dropped, ...rest }) => rest);
  };

  const notifyFailure = (error: unknown) =>
    notifyResult(
      'error',
      'app.notification.errorStatus',
      { status: errorStatus(error) ?? '' },
      errorMessage(error),
    );

  const send = async (member: Member, accessRights: number | null) => {
    setBusy(member.userId);
    try {
      const answer = await dataProvider.setProjectUserRights(project.id, member.userId, accessRights);
      await refetch();
      forget(member.userId);
      if (answer === null) {
        notifyResult('success', 'app.project.removed', {}, 'app.project.removedText', { name: member.name });
      } else {
        notifyResult('success', 'app.project.rightsSaved', {}, 'app.project.rightsSavedText', {
          name: member.name,
          rights: rightsInWords(answer),
        });
      }
      if (viewer?.id === member.userId) {
        await authProvider?.reloadViewer();
        await queryClient.invalidateQueries({ queryKey: ['auth'] });
      }
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(null);
    }
  };

  const editing = members.find((member) => member.userId === dialogFor);

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.project.rights')}
        </Typography>
        <AddUserByEmail
          isPresent={(userId) => members.some((member) => member.userId === userId)}
          onFound={(user) => setAdded((users) => [...users, user])}
          onError={notifyFailure}
        />
        {members.length === 0 ? (
          <Typography color="text.secondary">{translate('app.project.noMembers')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.project.user')}</TableCell>
                <TableCell>{translate('app.project.email')}</TableCell>
                <TableCell>{translate('app.project.rightsNumber')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {members.map((member) => (
                <MemberRow
                  key={member.userId}
                  member={member}
                  busy={busy === member.userId}
                  onChange={(rights) => setEdits((current) => ({ ...current, [member.userId]: rights }))}
                  onEdit={() => setDialogFor(member.userId)}
                  onSave={() => void send(member, Number(member.rights))}
                  onRemove={() => (member.saved === null ? forget(member.userId) : void send(member, null))}
                />
              ))}
            </TableBody>
          </Table>
        )}
        {editing && (
          <RightsDialog
            title={translate('app.project.rightsOf', { name: editing.name })}
            value={Number(editing.rights) || 0}
            onClose={() => setDialogFor(null)}
            onApply={(mask) => {
              setEdits((current) => ({ ...current, [editing.userId]: String(mask) }));
              setDialogFor(null);
            }}
          />
        )}
      </CardContent>
    </Card>
  );
};
