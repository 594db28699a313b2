import { Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ReportInterval, TaggedReport } from '../../../domain/schemas/report';
import { chartColor } from '../chartPalette';
import { ReportLineChart } from '../charts/ReportLineChart';
import { ReportPieChart } from '../charts/ReportPieChart';
import { tagsOf } from '../reportData';
import { ReportTable, type ReportColumn } from '../ReportTable';
import { useIntervalLabel, useTagLabel } from '../useIntervalLabel';

type TagCount = TaggedReport['total'][number];
type TaggedRow = TaggedReport['data'][number];

/**
 * Previews or downloads by tag: tab Period (a line per tag, a pie of the period, a tag-by-interval table) and
 * tab Total (a pie and a table of all-time counts per tag). A tag keeps its colour in every chart.
 *
 * @example <TaggedReportView title="Downloads by tags" answer={answer} interval="weekly" utcOffset={0} fileName="…" />
 */
export const TaggedReportView = ({
  title,
  answer,
  interval,
  utcOffset,
  fileName,
}: {
  title: string;
  answer: TaggedReport;
  interval: ReportInterval;
  utcOffset: number;
  fileName: string;
}) => {
  const translate = useTranslate();
  const [tab, setTab] = useState<'period' | 'total'>('period');
  const intervalLabel = useIntervalLabel(interval, utcOffset);
  const tagLabel = useTagLabel();
  const tags = tagsOf(answer);
  const colorOf = (tag: string) => chartColor(Math.max(0, tags.indexOf(tag)));
  const slices = (counts: readonly TagCount[]) =>
    counts.map(({ tag, count }) => ({
      id: tag || '-',
      label: tagLabel(tag),
      value: count,
      color: colorOf(tag),
    }));

  const countColumns: ReportColumn<TagCount>[] = [
    { key: 'tag', label: translate('app.report.columns.tag'), value: (row) => tagLabel(row.tag) },
    { key: 'count', label: translate('app.report.columns.count'), value: (row) => row.count, numeric: true },
  ];
  const intervalColumns: ReportColumn<TaggedRow>[] = [
    { key: 'from', label: translate('app.report.columns.interval'), value: (row) => intervalLabel(row.from) },
    ...tags.map((tag) => ({
      key: `tag:${tag}`,
      label: tagLabel(tag),
      value: (row: TaggedRow) => row.tags[tag] ?? 0,
      numeric: true,
    })),
  ];
  const series = tags.map((tag) => ({
    id: tag,
    label: tagLabel(tag),
    points: answer.data.map((row) => ({ x: intervalLabel(row.from), y: row.tags[tag] ?? 0 })),
  }));

  return (
    <>
      <Tabs value={tab} onChange={(_, value: 'period' | 'total') => setTab(value)} sx={{ mb: 2 }}>
        <Tab value="period" label={translate('app.report.tabs.period')} />
        <Tab value="total" label={translate('app.report.tabs.total')} />
      </Tabs>
      {tab === 'period' ? (
        <>
          <ReportLineChart title={title} series={series} />
          <ReportPieChart title={translate('app.report.periodSummary')} slices={slices(answer.period)} />
          <ReportTable
            title={title}
            columns={intervalColumns}
            rows={answer.data}
            fileName={`${fileName}_period`}
          />
          <ReportTable
            title={translate('app.report.periodSummary')}
            columns={countColumns}
            rows={answer.period}
            fileName={`${fileName}_period_summary`}
          />
        </>
      ) : (
        <>
          <ReportPieChart title={translate('app.report.totalSummary')} slices={slices(answer.total)} />
          <ReportTable
            title={translate('app.report.totalSummary')}
            columns={countColumns}
            rows={answer.total}
            fileName={`${fileName}_total`}
          />
        </>
      )}
    </>
  );
};
