import { useCallback } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ReportInterval } from '../../domain/schemas/report';
import { intervalLabel } from './intervalLabel';

/**
 * The label of an interval's start in the viewer's language: date, 'Week 53 2026', or month name.
 *
 * @example const label = useIntervalLabel('weekly', 1); label('2026-12-27T23:00:00Z') // 'Week 53 2026'
 */
export function useIntervalLabel(interval: ReportInterval, utcOffset: number) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useCallback(
    (from: string) =>
      intervalLabel(from, interval, utcOffset, {
        locale,
        weekLabel: (week, year) => translate('app.report.week', { week, year }),
      }),
    [interval, utcOffset, locale, translate],
  );
}

/** The tag as people read it: the empty tag of passes opened without one is 'without tag'. */
export function useTagLabel() {
  const translate = useTranslate();
  return useCallback((tag: string) => (tag === '' ? translate('app.report.withoutTag') : tag), [translate]);
}
