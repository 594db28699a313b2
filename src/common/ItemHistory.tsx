import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  useDataProvider,
  useLocaleState,
  useNotify,
  useRecordContext,
  useResourceContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import type { AuditEntry } from '../../domain/schemas/audit';
import type { ApiDataProvider } from '../dataProviders/createDataProvider';
import { errorMessage } from '../dataProviders/httpClient';
import { HistoryChanges } from './HistoryChanges';
import { versionAfter } from './historyDiff';
import { useItemEdit } from './ItemEditContext';
import { useProblemMessage } from './validation/useFormValidator';
import { writeSchemaProblems } from './validation/writeSchemaProblems';

const PER_PAGE = 25;

const HistoryEntry = ({
  entry,
  onRestore,
}: {
  entry: AuditEntry;
  /** shown as "Restore this version" when given */
  onRestore?: () => void;
}) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2">
          {translate(`app.history.${entry.action}`)} · {new Date(entry.at).toLocaleString(locale)} ·{' '}
          {entry.userName}
        </Typography>
        {onRestore && (
          <Button size="small" onClick={onRestore}>
            {translate('app.history.restore')}
          </Button>
        )}
      </Stack>
      <HistoryChanges entry={entry} />
    </Box>
  );
};

/**
 * The History tab: the changes of the item in the edit context, newest first, read when the tab is opened (it is
 * mounted then); with `restorable`, each older version can be written back through the normal update (the same
 * validation as Save).
 *
 * @example <ItemHistory restorable={rights.update} />
 */
export const ItemHistory = ({ restorable = false }: { restorable?: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const dataProvider = useDataProvider<ApiDataProvider>();
  const [update, { isPending: restoring }] = useUpdate();
  const { writeSchema } = useItemEdit();
  const messageOf = useProblemMessage();
  const id = record?.id;
  const history = useInfiniteQuery({
    // a save moves updatedAt: the history is read again with the change it made
    queryKey: [resource, 'history', id, record?.updatedAt],
    enabled: id !== undefined,
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      dataProvider.history(resource, { id: id ?? '', page: pageParam, perPage: PER_PAGE }),
    getNextPageParam: (last, pages) =>
      pages.length * PER_PAGE < last.totalCount ? pages.length + 1 : undefined,
  });
  const entries = history.data?.pages.flatMap((page) => page.data) ?? [];

  const restore = (index: number) => {
    if (!record) return;
    const version = versionAfter(record, entries, index);
    // the same check as Save: a version today's rules refuse is not sent
    const problems = writeSchema ? writeSchemaProblems(writeSchema, version) : [];
    if (problems.length > 0) {
      notify(problems.map((problem) => `${problem.path}: ${messageOf(problem)}`).join(' · '), {
        type: 'error',
      });
      return;
    }
    update(
      resource,
      { id: record.id, data: version, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('app.history.restored', { type: 'info' });
          void history.refetch();
        },
        onError: (error) => notify(errorMessage(error) || 'ra.notification.http_error', { type: 'error' }),
      },
    );
  };

  return (
    <Box sx={{ width: '100%' }}>
      {history.error ? (
        <Alert severity="error">{errorMessage(history.error)}</Alert>
      ) : history.isPending ? (
        <CircularProgress size={24} aria-label="loading" />
      ) : entries.length === 0 ? (
        <Typography color="text.secondary">{translate('app.history.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {entries.map((entry, index) => (
            <HistoryEntry
              key={entry.id}
              entry={entry}
              onRestore={
                restorable && index > 0 && entry.action !== 'delete' && !restoring
                  ? () => restore(index)
                  : undefined
              }
            />
          ))}
        </Box>
      )}
      {history.hasNextPage && (
        <Button onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
          {translate('app.history.more')}
        </Button>
      )}
    </Box>
  );
};
