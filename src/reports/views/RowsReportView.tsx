import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReportInterval, ReportRow, RowsReport } from '../../../domain/schemas/report';
import { ReportLineChart } from '../charts/ReportLineChart';
import { increase, signed } from '../reportData';
import { ReportTable, type ReportColumn } from '../ReportTable';
import { useIntervalLabel } from '../useIntervalLabel';

/** The period's total and how it changed against the previous period of the same length. */
const PeriodTotal = ({
  label,
  total,
  previousTotal,
}: {
  label: string;
  total: number;
  previousTotal: number | null;
}) => {
  const translate = useTranslate();
  const { difference, percent } = increase(total, previousTotal);
  const change =
    percent === null
      ? translate('app.report.increase', { difference: signed(difference) })
      : translate('app.report.increasePercent', { difference: signed(difference), percent: signed(percent) });
  return (
    <Box aria-label={label} component="section" sx={{ my: 1 }}>
      <Typography variant="overline">{label}</Typography>
      <Typography variant="h4" component="p">
        {total}
      </Typography>
      <Typography variant="body2" color={difference < 0 ? 'error.main' : 'success.main'}>
        {change}
      </Typography>
    </Box>
  );
};

/**
 * Registrations in wallets (or passes registered at least once) per interval: total, line chart and table.
 *
 * @example <RowsReportView title="Pass in wallet" answer={answer} interval="daily" utcOffset={1} fileName="…" />
 */
export const RowsReportView = ({
  title,
  totalLabel,
  answer,
  interval,
  utcOffset,
  fileName,
}: {
  title: string;
  totalLabel: string;
  answer: RowsReport;
  interval: ReportInterval;
  utcOffset: number;
  fileName: string;
}) => {
  const translate = useTranslate();
  const label = useIntervalLabel(interval, utcOffset);
  const columns: ReportColumn<ReportRow>[] = [
    { key: 'from', label: translate('app.report.columns.interval'), value: (row) => label(row.from) },
    { key: 'value', label: translate('app.report.columns.value'), value: (row) => row.value, numeric: true },
  ];
  const points = answer.data.map((row) => ({ x: label(row.from), y: row.value }));
  return (
    <>
      {answer.total !== null && (
        <PeriodTotal label={totalLabel} total={answer.total} previousTotal={answer.previousTotal} />
      )}
      <ReportLineChart title={title} series={[{ id: 'value', label: totalLabel, points }]} />
      <ReportTable title={title} columns={columns} rows={answer.data} fileName={fileName} />
    </>
  );
};
