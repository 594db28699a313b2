import { useTranslate } from 'react-admin';
import type { ActivityReport, ReportInterval } from '../../../domain/schemas/report';
import { ReportLineChart } from '../charts/ReportLineChart';
import { ReportTable, type ReportColumn } from '../ReportTable';
import { useIntervalLabel } from '../useIntervalLabel';
import { useReportProjects } from '../useReportProjects';

type ProjectActivity = ActivityReport['data'][number];
type IntervalActivity = ActivityReport['intervals'][number];
type Figure = 'active' | 'registrations' | 'updates';

const FIGURES: readonly Figure[] = ['active', 'registrations', 'updates'];

/**
 * Active cards, registrations and updates: a line of each per interval, the project's figures for the period,
 * and the figures per interval.
 *
 * @example <ActivityReportView title="Active cards" answer={answer} interval="daily" utcOffset={1} fileName="…" />
 */
export const ActivityReportView = ({
  title,
  answer,
  interval,
  utcOffset,
  fileName,
}: {
  title: string;
  answer: ActivityReport;
  interval: ReportInterval;
  utcOffset: number;
  fileName: string;
}) => {
  const translate = useTranslate();
  const { byId } = useReportProjects();
  const label = useIntervalLabel(interval, utcOffset);
  const figure = <Row extends Record<Figure, number>>(field: Figure): ReportColumn<Row> => ({
    key: field,
    label: translate(`app.report.columns.${field}`),
    value: (row) => row[field],
    numeric: true,
  });
  const projectColumns: ReportColumn<ProjectActivity>[] = [
    {
      key: 'project',
      label: translate('app.report.columns.project'),
      value: (row) => byId.get(row.projectId)?.name ?? row.projectId,
    },
    ...FIGURES.map((field) => figure<ProjectActivity>(field)),
  ];
  const intervalColumns: ReportColumn<IntervalActivity>[] = [
    { key: 'from', label: translate('app.report.columns.interval'), value: (row) => label(row.from) },
    ...FIGURES.map((field) => figure<IntervalActivity>(field)),
  ];
  const series = FIGURES.map((field) => ({
    id: field,
    label: translate(`app.report.columns.${field}`),
    points: answer.intervals.map((row) => ({ x: label(row.from), y: row[field] })),
  }));
  return (
    <>
      <ReportLineChart title={title} series={series} />
      <ReportTable title={title} columns={projectColumns} rows={answer.data} fileName={fileName} />
      <ReportTable
        title={translate('app.report.perInterval')}
        columns={intervalColumns}
        rows={answer.intervals}
        fileName={`${fileName}_intervals`}
      />
    </>
  );
};
