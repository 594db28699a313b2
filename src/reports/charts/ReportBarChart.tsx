import { ResponsiveBar } from '@nivo/bar';
import { chartColor } from '../chartPalette';
import { ChartFrame, useCompactChart } from './ChartFrame';

const shorten = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;

/**
 * Horizontal bars, one per label (e.g. clicks per url), longest label shortened to fit the axis.
 *
 * @example <ReportBarChart title="Clicks by URL" bars={[{ label: 'https://example.com', value: 4 }]} />
 */
export const ReportBarChart = ({
  title,
  bars,
}: {
  title: string;
  bars: ReadonlyArray<{ label: string; value: number }>;
}) => {
  const compact = useCompactChart();
  const labelLength = compact ? 16 : 40;
  const data = [...bars].reverse().map((bar) => ({ label: bar.label, value: bar.value }));
  return (
    <ChartFrame title={title} height={Math.max(160, 40 + bars.length * 32)}>
      <ResponsiveBar
        data={data}
        keys={['value']}
        indexBy="label"
        layout="horizontal"
        colors={chartColor(0)}
        margin={{ top: 8, right: 24, bottom: 40, left: compact ? 120 : 280 }}
        padding={0.25}
        axisLeft={{ format: (value: string | number) => shorten(String(value), labelLength) }}
        axisBottom={{ tickValues: compact ? 4 : 8, format: '>-~d' }}
        labelTextColor="#ffffff"
        animate={false}
      />
    </ChartFrame>
  );
};
