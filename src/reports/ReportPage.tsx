import { Alert, AlertTitle, Box, CircularProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import { Navigate, useLocation } from 'react-router';
import type {
  ActivityReport,
  LinksReport,
  RowsReport,
  StampsReport,
  TaggedReport,
} from '../../domain/schemas/report';
import { ErrorBox } from '../common/ErrorBox';
import { errorMessage, errorStatus } from '../dataProviders/httpClient';
import { AccessDeniedPage } from '../pages/ErrorPage';
import type { ReportAnswer } from './reportData';
import { reportPath, reportResource, type ReportDefinition } from './reportDefinitions';
import { ReportFilterBar } from './ReportFilterBar';
import { reportQuery, type ReportFilters } from './reportFilters';
import { useReport } from './useReport';
import { useReportFilters } from './useReportFilters';
import { useReportProjects } from './useReportProjects';
import { ActivityReportView } from './views/ActivityReportView';
import { LinksReportView } from './views/LinksReportView';
import { RowsReportView } from './views/RowsReportView';
import { StampsReportView } from './views/StampsReportView';
import { TaggedReportView } from './views/TaggedReportView';

/** The answer drawn as its report kind asks. */
const ReportBody = ({
  definition,
  answer,
  filters,
}: {
  definition: ReportDefinition;
  answer: ReportAnswer;
  filters: ReportFilters;
}) => {
  const translate = useTranslate();
  const title = translate(definition.label);
  const fileName = `report_${definition.serviceType}_${filters.from.slice(0, 10)}_${filters.to.slice(0, 10)}`;
  const common = { title, fileName };
  switch (definition.kind) {
    case 'rows': {
      const totalLabel = translate(
        definition.serviceType === 'register_in_wallet' ? 'app.report.registrations' : 'app.report.passes',
      );
      return (
        <RowsReportView
          {...common}
          totalLabel={totalLabel}
          answer={answer as RowsReport}
          interval={filters.interval}
          utcOffset={filters.utcOffset}
        />
      );
    }
    case 'tagged':
      return (
        <TaggedReportView
          {...common}
          answer={answer as TaggedReport}
          interval={filters.interval}
          utcOffset={filters.utcOffset}
        />
      );
    case 'links':
      return <LinksReportView {...common} answer={answer as LinksReport} />;
    case 'activity':
      return (
        <ActivityReportView
          {...common}
          answer={answer as ActivityReport}
          // the report has no interval filter: the server answers daily intervals
          interval="daily"
          utcOffset={filters.utcOffset}
        />
      );
    case 'stamps':
      return (
        <StampsReportView
          {...common}
          answer={answer as StampsReport}
          interval={filters.interval}
          utcOffset={filters.utcOffset}
        />
      );
  }
};

const Hint = ({ children }: { children: ReactNode }) => (
  <Typography color="text.secondary" sx={{ my: 2 }}>
    {children}
  </Typography>
);

/** The API refused the filters (a project or template that is not there for the viewer, a value it cannot take). */
const isFilterRefusal = (error: unknown) => [400, 404].includes(errorStatus(error) ?? 0);

/** A report screen: the filter bar, then loading, the error, 'No data', or the charts and tables. */
const ReportScreen = ({ definition }: { definition: ReportDefinition }) => {
  const translate = useTranslate();
  const { filters, setFilters } = useReportFilters(definition);
  const { projects, isPending: projectsPending } = useReportProjects();
  const projectId = filters.projectId ?? projects[0]?.id ?? null;
  const query = projectId ? reportQuery({ ...filters, projectId }, definition) : null;
  const report = useReport(definition, query);

  let body: ReactNode;
  if (!projectId) {
    body = projectsPending ? null : <Hint>{translate('app.report.filters.noProjects')}</Hint>;
  } else if (report.error && isFilterRefusal(report.error)) {
    body = (
      <Alert severity="warning" sx={{ my: 2 }}>
        <AlertTitle>{translate('app.report.badFilter')}</AlertTitle>
        {translate('app.report.badFilterText', { message: errorMessage(report.error) })}
      </Alert>
    );
  } else if (report.error) {
    const status = errorStatus(report.error);
    body = <ErrorBox message={[status, errorMessage(report.error)].filter(Boolean).join(': ')} />;
  } else if (!report.data) {
    body = null;
  } else if (!report.hasData) {
    body = (
      <Alert severity="warning" sx={{ my: 2 }}>
        <AlertTitle>{translate('app.report.noData')}</AlertTitle>
        {translate('app.report.noDataText')}
      </Alert>
    );
  } else {
    body = <ReportBody definition={definition} answer={report.data} filters={filters} />;
  }

  return (
    <Box sx={{ minWidth: 0 }}>
      <ReportFilterBar
        definition={definition}
        filters={filters}
        projectId={projectId}
        onChange={setFilters}
        onReload={report.reload}
        reloading={report.isFetching}
      />
      {report.isFetching && (
        <Stack direction="row" alignItems="center" gap={1} role="status" sx={{ my: 1 }}>
          <CircularProgress size={20} />
          <Typography variant="body2">{translate('app.report.loading')}</Typography>
        </Stack>
      )}
      {body}
    </Box>
  );
};

/**
 * /report/{slug}: other casings of the path (the spec's camel-case routes) are sent to the lower-case one,
 * keeping the filters; viewers without the right to read passes anywhere get the access-denied page.
 *
 * @example <Route path="/report/links" element={<ReportPage definition={REPORTS[5]} />} />
 */
export const ReportPage = ({ definition }: { definition: ReportDefinition }) => {
  const { pathname, search } = useLocation();
  const { canAccess, isPending } = useCanAccess({ resource: reportResource(definition), action: 'list' });
  if (pathname !== reportPath(definition))
    return <Navigate to={`${reportPath(definition)}${search}`} replace />;
  if (isPending) return null;
  if (!canAccess) return <AccessDeniedPage />;
  return <ReportScreen key={definition.slug} definition={definition} />;
};
