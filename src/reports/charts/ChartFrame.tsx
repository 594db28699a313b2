import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useWindowWidth } from '../../common/useWindowWidth';

/** Below this window width charts show fewer axis ticks and no labels outside their area. */
const COMPACT_WIDTH = 900;

/** Whether charts must fit a narrow window (down to the console's minimum of 500 px). */
export const useCompactChart = (): boolean => useWindowWidth() < COMPACT_WIDTH;

/**
 * The box a responsive chart fills: the full width, a fixed height, and a name for screen readers.
 *
 * @example <ChartFrame title="Registrations"><ResponsiveLine … /></ChartFrame>
 */
export const ChartFrame = ({
  title,
  height = 320,
  children,
}: {
  title: string;
  height?: number;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Box
      role="img"
      aria-label={translate('app.report.chart', { title })}
      sx={{ width: '100%', height, minWidth: 0 }}
    >
      {children}
    </Box>
  );
};

/** A legend below a chart, wrapping to as many lines as the width needs (nivo's legends do not wrap). */
export const ChartLegend = ({ items }: { items: ReadonlyArray<{ label: string; color: string }> }) => (
  <Stack direction="row" flexWrap="wrap" columnGap={2} rowGap={0.5} sx={{ mt: 1 }} component="ul" aria-hidden>
    {items.map((item) => (
      <Stack
        key={item.label}
        direction="row"
        alignItems="center"
        gap={0.75}
        component="li"
        sx={{ listStyle: 'none' }}
      >
        <Box sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: item.color, flexShrink: 0 }} />
        <Typography variant="caption">{item.label}</Typography>
      </Stack>
    ))}
  </Stack>
);

/**
 * At most `count` of the labels, evenly spread, so that axis ticks do not overlap.
 *
 * @example spreadTicks(['a', 'b', 'c', 'd', 'e'], 3) // ['a', 'c', 'e']
 */
export function spreadTicks<T>(labels: readonly T[], count: number): T[] {
  if (labels.length <= count) return [...labels];
  const step = Math.ceil(labels.length / count);
  return labels.filter((_, index) => index % step === 0);
}
