import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, IconButton, MenuItem, TextField, Tooltip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { REPORT_INTERVALS, type ReportInterval } from '../../domain/schemas/report';
import { filterColumns } from '../common/filterColumns';
import type { CoreDataProvider } from '../dataProviders/coreDataProvider';
import { useWindowWidth } from '../common/useWindowWidth';
import { useTemplateRegister } from '../resources/templates/useTemplateRegister';
import type { ReportDefinition } from './reportDefinitions';
import { UTC_OFFSETS, utcOffsetLabel, type ReportFilters } from './reportFilters';
import { useReportProjects } from './useReportProjects';

const ALL = '';

/** The templates the viewer can filter the project's reports by, by name. */
function useTemplateChoices(projectId: string | null): Array<{ id: string; name: string }> {
  const { templates, canRead } = useTemplateRegister();
  const dataProvider = useDataProvider<CoreDataProvider>();
  // a reader of passes without TEMPLATE_READ: the templates of the project's passes, from the reports' own call
  const ofPasses = useQuery({
    queryKey: ['report', 'templates', projectId],
    queryFn: () => dataProvider.getReportTemplates(projectId ?? ''),
    enabled: !canRead && projectId !== null,
    retry: false,
  });
  const choices = canRead
    ? templates.filter((template) => template.projectId === projectId)
    : (ofPasses.data ?? []);
  return [...choices].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The template of the report, by name: the project's templates, or for viewers who cannot list templates those of
 * the project's passes.
 */
const TemplateFilter = ({
  projectId,
  templateId,
  onChange,
}: {
  projectId: string | null;
  templateId: string | null;
  onChange: (templateId: string | null) => void;
}) => {
  const translate = useTranslate();
  const choices = useTemplateChoices(projectId);
  const change = (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value.trim() || null);
  const known = !templateId || choices.some((template) => template.id === templateId);
  return (
    <TextField
      select
      label={translate('app.report.filters.template')}
      value={known ? (templateId ?? ALL) : ALL}
      onChange={change}
    >
      <MenuItem value={ALL}>{translate('app.report.filters.allTemplates')}</MenuItem>
      {choices.map((template) => (
        <MenuItem key={template.id} value={template.id}>
          {template.name}
        </MenuItem>
      ))}
    </TextField>
  );
};

/**
 * The filters of a report (spec section 2): project, template, from, to, interval and time zone; a report
 * omits template or interval as its definition says. Every change reloads the report.
 *
 * @example <ReportFilterBar definition={definition} filters={filters} onChange={setFilters} onReload={reload} />
 */
export const ReportFilterBar = ({
  definition,
  filters,
  projectId,
  onChange,
  onReload,
  reloading,
}: {
  definition: ReportDefinition;
  filters: ReportFilters;
  /** the project shown: the chosen one, else the first the viewer may read */
  projectId: string | null;
  onChange: (changes: Partial<ReportFilters>) => void;
  onReload: () => void;
  reloading: boolean;
}) => {
  const translate = useTranslate();
  const { projects } = useReportProjects();
  const columns = filterColumns(useWindowWidth());
  const value = (event: ChangeEvent<HTMLInputElement>) => event.target.value;
  return (
    <Box
      component="form"
      role="search"
      aria-label={translate('ra.action.filter', { _: 'Filter' })}
      onSubmit={(event) => event.preventDefault()}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 2 }}
    >
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'grid',
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          gap: 2,
        }}
      >
        <TextField
          select
          label={translate('app.report.filters.project')}
          value={projects.some((project) => project.id === projectId) ? projectId : ''}
          onChange={(event) => onChange({ projectId: value(event as ChangeEvent<HTMLInputElement>) || null })}
        >
          {projects.map((project) => (
            <MenuItem key={project.id} value={project.id}>
              {project.name}
            </MenuItem>
          ))}
        </TextField>
        {definition.hasTemplate && (
          <TemplateFilter
            projectId={projectId}
            templateId={filters.templateId}
            onChange={(templateId) => onChange({ templateId })}
          />
        )}
        <TextField
          type="datetime-local"
          label={translate('app.report.filters.from')}
          value={filters.from}
          onChange={(event) =>
            value(event as ChangeEvent<HTMLInputElement>) && onChange({ from: event.target.value })
          }
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="datetime-local"
          label={translate('app.report.filters.to')}
          value={filters.to}
          onChange={(event) =>
            value(event as ChangeEvent<HTMLInputElement>) && onChange({ to: event.target.value })
          }
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {definition.hasInterval && (
          <TextField
            select
            label={translate('app.report.filters.interval')}
            value={filters.interval}
            onChange={(event) => onChange({ interval: event.target.value as ReportInterval })}
          >
            {REPORT_INTERVALS.map((interval) => (
              <MenuItem key={interval} value={interval}>
                {translate(`app.report.intervals.${interval}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          label={translate('app.report.filters.timeZone')}
          value={String(filters.utcOffset)}
          onChange={(event) => onChange({ utcOffset: Number(event.target.value) })}
        >
          {UTC_OFFSETS.map((offset) => (
            <MenuItem key={offset} value={String(offset)}>
              {utcOffsetLabel(offset)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Tooltip title={translate('app.report.filters.reload')}>
        <Box component="span" sx={{ pt: 1 }}>
          <IconButton
            aria-label={translate('app.report.filters.reload')}
            onClick={onReload}
            disabled={reloading || !projectId}
          >
            <RefreshIcon />
          </IconButton>
        </Box>
      </Tooltip>
    </Box>
  );
};
