import { ResponsiveLine } from '@nivo/line';
import { chartColor } from '../chartPalette';
import { ChartFrame, ChartLegend, spreadTicks, useCompactChart } from './ChartFrame';

/** One line: a name and its value per interval (x is the interval's label). */
export interface ChartSeries {
  id: string;
  label: string;
  points: ReadonlyArray<{ x: string; y: number }>;
}

/**
 * A line per series over the intervals, in the 13-colour palette, with a legend below when there are several.
 *
 * @example <ReportLineChart title="Registrations" series={[{ id: 'all', label: 'Registrations', points }]} />
 */
export const ReportLineChart = ({ title, series }: { title: string; series: readonly ChartSeries[] }) => {
  const compact = useCompactChart();
  const labels = series[0]?.points.map((point) => point.x) ?? [];
  const data = series.map((line, index) => ({
    id: line.label,
    color: chartColor(index),
    data: line.points.map((point) => ({ x: point.x, y: point.y })),
  }));
  return (
    <>
      <ChartFrame title={title}>
        <ResponsiveLine
          data={data}
          colors={(line) => line.color}
          margin={{ top: 16, right: 24, bottom: 48, left: 48 }}
          xScale={{ type: 'point' }}
          yScale={{ type: 'linear', min: 0, max: 'auto' }}
          axisBottom={{ tickValues: spreadTicks(labels, compact ? 4 : 10), tickPadding: 8 }}
          axisLeft={{ tickValues: compact ? 4 : 6, format: '>-~d' }}
          gridYValues={compact ? 4 : 6}
          pointSize={labels.length > 60 ? 0 : 6}
          enableSlices="x"
          animate={false}
        />
      </ChartFrame>
      {series.length > 1 && (
        <ChartLegend items={series.map((line, index) => ({ label: line.label, color: chartColor(index) }))} />
      )}
    </>
  );
};
