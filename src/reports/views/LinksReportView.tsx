import { useTranslate } from 'react-admin';
import type { LinksReport } from '../../../domain/schemas/report';
import { ReportBarChart } from '../charts/ReportBarChart';
import { ReportTable, type ReportColumn } from '../ReportTable';

type LinkClicks = LinksReport['data'][number];

/**
 * Clicks on links inside passes, by url, most clicked first: a bar chart and a table.
 *
 * @example <LinksReportView title="Links" answer={{ data: [{ url: 'https://example.com', count: 3 }] }} fileName="links" />
 */
export const LinksReportView = ({
  title,
  answer,
  fileName,
}: {
  title: string;
  answer: LinksReport;
  fileName: string;
}) => {
  const translate = useTranslate();
  const links = [...answer.data].sort((a, b) => b.count - a.count || a.url.localeCompare(b.url));
  const columns: ReportColumn<LinkClicks>[] = [
    { key: 'url', label: translate('app.report.columns.url'), value: (row) => row.url },
    { key: 'count', label: translate('app.report.columns.clicks'), value: (row) => row.count, numeric: true },
  ];
  return (
    <>
      <ReportBarChart
        title={translate('app.report.clicksByUrl')}
        bars={links.map((link) => ({ label: link.url, value: link.count }))}
      />
      <ReportTable title={title} columns={columns} rows={links} fileName={fileName} />
    </>
  );
};
