import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  ListContextProvider,
  useCanAccess,
  useDataProvider,
  useList,
  useLocaleState,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { HistoryChanges } from '../common/HistoryChanges';
import type { CoreDataProvider } from '../dataProviders/coreDataProvider';
import { errorMessage } from '../dataProviders/httpClient';
import { AccessDeniedPage } from '../pages/ErrorPage';
import { AuditFilters } from './AuditFilters';
import { toAuditQuery } from './auditQuery';

export const AUDIT_RESOURCE = 'identity/audit';
const PER_PAGE = 25;
const NO_ROWS: RaRecord[] = [];

/** /identity/audit (administrators): every write through the resource APIs, newest first, with filters. */
export const AuditPage = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<CoreDataProvider>();
  const { canAccess } = useCanAccess({ resource: AUDIT_RESOURCE, action: 'list' });
  // the filters' and the page's state, held as a list's for the filter grid; the API filters and pages the trail
  const list = useList({ data: NO_ROWS, perPage: PER_PAGE });
  const { page, setPage } = list;
  const query = toAuditQuery(list.filterValues, page, PER_PAGE);
  const audit = useQuery({
    queryKey: ['audit', query],
    queryFn: () => dataProvider.getAudit(query),
    enabled: canAccess === true,
  });
  if (canAccess === false) return <AccessDeniedPage />;
  const total = audit.data?.totalCount ?? 0;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6">{translate('app.audit.title')}</Typography>
        <Box sx={{ mx: -2, mb: 1 }}>
          <ListContextProvider value={list}>
            <AuditFilters />
          </ListContextProvider>
        </Box>
        {audit.isFetching && <LinearProgress />}
        {audit.error && <Alert severity="error">{errorMessage(audit.error)}</Alert>}
        {audit.data && audit.data.data.length === 0 && (
          <Typography color="text.secondary">{translate('app.audit.empty')}</Typography>
        )}
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {audit.data?.data.map((entry) => (
            <Box
              component="li"
              key={entry.id}
              sx={{ py: 1, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
            >
              <Typography variant="subtitle2">
                {new Date(entry.at).toLocaleString(locale)} · {entry.userName} ·{' '}
                {translate(`app.history.${entry.action}`)} · {entry.resource} {entry.rowId}
              </Typography>
              <HistoryChanges entry={entry} />
            </Box>
          ))}
        </Box>
        {total > PER_PAGE && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 2 }}>
            <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {translate('ra.navigation.previous')}
            </Button>
            <Typography>
              {translate('ra.navigation.page_range_info', {
                offsetBegin: (page - 1) * PER_PAGE + 1,
                offsetEnd: Math.min(page * PER_PAGE, total),
                total,
              })}
            </Typography>
            <Button disabled={page * PER_PAGE >= total} onClick={() => setPage(page + 1)}>
              {translate('ra.navigation.next')}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};
