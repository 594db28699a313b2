import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReportInterval, StampsReport } from '../../../domain/schemas/report';
import { ReportLineChart } from '../charts/ReportLineChart';
import { ReportTable, type ReportColumn } from '../ReportTable';
import { useIntervalLabel } from '../useIntervalLabel';

type StampsRow = StampsReport['data'][number];
const FIGURES = ['stamps', 'rewards'] as const;

/**
 * Stamps given at the till and rewards issued: the period's figures, a line of each per interval, and the table.
 *
 * @example <StampsReportView title="Stamps and rewards" answer={answer} interval="daily" utcOffset={1} fileName="…" />
 */
export const StampsReportView = ({
  title,
  answer,
  interval,
  utcOffset,
  fileName,
}: {
  title: string;
  answer: StampsReport;
  interval: ReportInterval;
  utcOffset: number;
  fileName: string;
}) => {
  const translate = useTranslate();
  const label = useIntervalLabel(interval, utcOffset);
  const columns: ReportColumn<StampsRow>[] = [
    { key: 'from', label: translate('app.report.columns.interval'), value: (row) => label(row.from) },
    ...FIGURES.map((field) => ({
      key: field,
      label: translate(`app.report.columns.${field}`),
      value: (row: StampsRow) => row[field],
      numeric: true,
    })),
  ];
  const series = FIGURES.map((field) => ({
    id: field,
    label: translate(`app.report.columns.${field}`),
    points: answer.data.map((row) => ({ x: label(row.from), y: row[field] })),
  }));
  return (
    <>
      <Box sx={{ display: 'flex', gap: 4, my: 1 }}>
        {FIGURES.map((field) => (
          <Box key={field} component="section" aria-label={translate(`app.report.columns.${field}`)}>
            <Typography variant="overline">{translate(`app.report.columns.${field}`)}</Typography>
            <Typography variant="h4" component="p">
              {answer[field]}
            </Typography>
          </Box>
        ))}
      </Box>
      <ReportLineChart title={title} series={series} />
      <ReportTable title={title} columns={columns} rows={answer.data} fileName={fileName} />
    </>
  );
};
