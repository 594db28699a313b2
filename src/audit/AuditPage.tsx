import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { AuditQuery } from '../../domain/schemas/audit';
import { HistoryChanges } from '../common/HistoryChanges';
import type { CoreDataProvider } from '../dataProviders/coreDataProvider';
import { errorMessage } from '../dataProviders/httpClient';
import { AccessDeniedPage } from '../pages/ErrorPage';

export const AUDIT_RESOURCE = 'identity/audit';
const PER_PAGE = 25;

interface AuditFilter {
  resource: string;
  userId: string;
  /** datetime-local values, in the browser's time zone */
  from: string;
  to: string;
}

/** The filter as the API takes it: empty inputs left out, local times as ISO instants. */
function toQuery(filter: AuditFilter, page: number): AuditQuery {
  const instant = (local: string) => (local ? new Date(local).toISOString() : undefined);
  return {
    resource: filter.resource.trim() || undefined,
    userId: filter.userId.trim() || undefined,
    from: instant(filter.from),
    to: instant(filter.to),
    page,
    limit: PER_PAGE,
  };
}

/** /identity/audit (administrators): every write through the resource APIs, newest first, with filters. */
export const AuditPage = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<CoreDataProvider>();
  const { canAccess } = useCanAccess({ resource: AUDIT_RESOURCE, action: 'list' });
  const [filter, setFilter] = useState<AuditFilter>({ resource: '', userId: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const query = toQuery(filter, page);
  const audit = useQuery({
    queryKey: ['audit', query],
    queryFn: () => dataProvider.getAudit(query),
    enabled: canAccess === true,
  });
  if (canAccess === false) return <AccessDeniedPage />;
  const change = (field: keyof AuditFilter) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setFilter({ ...filter, [field]: event.target.value });
    setPage(1);
  };
  const total = audit.data?.totalCount ?? 0;
  const dateInput = { inputLabel: { shrink: true } };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6">{translate('app.audit.title')}</Typography>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', my: 2 }} useFlexGap>
          <TextField
            label={translate('app.audit.resource')}
            value={filter.resource}
            onChange={change('resource')}
          />
          <TextField label={translate('app.audit.user')} value={filter.userId} onChange={change('userId')} />
          <TextField
            type="datetime-local"
            label={translate('app.audit.from')}
            value={filter.from}
            onChange={change('from')}
            slotProps={dateInput}
          />
          <TextField
            type="datetime-local"
            label={translate('app.audit.to')}
            value={filter.to}
            onChange={change('to')}
            slotProps={dateInput}
          />
        </Stack>
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
