import { ResponsivePie } from '@nivo/pie';
import { ChartFrame, ChartLegend, useCompactChart } from './ChartFrame';

/** One slice: a label, its count and its colour (the same colour as the tag's line). */
export interface PieSlice {
  id: string;
  label: string;
  value: number;
  color: string;
}

/**
 * Shares of a whole, e.g. counts per tag; slice labels outside the pie only where there is room.
 *
 * @example <ReportPieChart title="Period summary" slices={[{ id: 'web', label: 'web', value: 3, color: '#1f6fb4' }]} />
 */
export const ReportPieChart = ({ title, slices }: { title: string; slices: readonly PieSlice[] }) => {
  const compact = useCompactChart();
  const shown = slices.filter((slice) => slice.value > 0);
  return (
    <>
      <ChartFrame title={title} height={compact ? 240 : 300}>
        <ResponsivePie
          data={shown.map((slice) => ({ ...slice }))}
          colors={(slice) => slice.data.color}
          margin={
            compact ? { top: 8, right: 8, bottom: 8, left: 8 } : { top: 24, right: 96, bottom: 24, left: 96 }
          }
          innerRadius={0.5}
          padAngle={0.7}
          cornerRadius={2}
          enableArcLinkLabels={!compact}
          // the label, not the id: the empty tag's id is '' and reads as 'without tag'
          arcLinkLabel={(slice) => slice.data.label}
          arcLabelsSkipAngle={12}
          arcLinkLabelsSkipAngle={8}
          arcLabelsTextColor="#ffffff"
          animate={false}
        />
      </ChartFrame>
      <ChartLegend
        items={shown.map((slice) => ({ label: `${slice.label}: ${slice.value}`, color: slice.color }))}
      />
    </>
  );
};
