import { useTranslate } from 'react-admin';
import type { ActivityReport } from '../../../domain/schemas/report';
import { ReportTable, type ReportColumn } from '../ReportTable';
import { useReportProjects } from '../useReportProjects';

type ProjectActivity = ActivityReport['data'][number];

/**
 * Active cards, registrations and updates per project (the chosen one and its sub-projects) in the period.
 *
 * @example <ActivityReportView title="Active cards" answer={answer} fileName="active_cards" />
 */
export const ActivityReportView = ({
  title,
  answer,
  fileName,
}: {
  title: string;
  answer: ActivityReport;
  fileName: string;
}) => {
  const translate = useTranslate();
  const { byId } = useReportProjects();
  const number = (field: 'active' | 'registrations' | 'updates'): ReportColumn<ProjectActivity> => ({
    key: field,
    label: translate(`app.report.columns.${field}`),
    value: (row) => row[field],
    numeric: true,
  });
  const columns: ReportColumn<ProjectActivity>[] = [
    {
      key: 'project',
      label: translate('app.report.columns.project'),
      value: (row) => byId.get(row.projectId)?.name ?? row.projectId,
    },
    number('active'),
    number('registrations'),
    number('updates'),
  ];
  return <ReportTable title={title} columns={columns} rows={answer.data} fileName={fileName} />;
};
