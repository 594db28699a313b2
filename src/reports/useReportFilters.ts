import { useCallback, useMemo, useState } from 'react';
import { useStore } from 'react-admin';
import { useSearchParams } from 'react-router';
import type { ReportInterval } from '../../domain/schemas/report';
import type { ReportDefinition } from './reportDefinitions';
import {
  defaultReportFilters,
  parseReportFilters,
  reportFiltersSearch,
  type ReportFilters,
} from './reportFilters';

/** What the interface remembers per user between reports and visits (the range always starts at its default). */
interface RememberedFilters {
  projectId?: string | null;
  templateId?: string | null;
  interval?: ReportInterval;
  utcOffset?: number;
}

/**
 * A report's filters, kept in the URL query (shareable, reloadable); what the URL lacks comes from the user's
 * last choices (react-admin's per-user store), then from the defaults of spec section 9.
 *
 * @example const { filters, setFilters } = useReportFilters(definition); setFilters({ interval: 'weekly' });
 */
export function useReportFilters(definition: ReportDefinition) {
  const [search, setSearch] = useSearchParams();
  const [remembered, remember] = useStore<RememberedFilters>('reports.filters', {});
  const [now] = useState(() => new Date());
  const filters = useMemo(() => {
    const defaults = defaultReportFilters(now, remembered.utcOffset);
    const fallback: ReportFilters = {
      ...defaults,
      projectId: remembered.projectId ?? null,
      templateId: remembered.templateId ?? null,
      interval: remembered.interval ?? defaults.interval,
    };
    return parseReportFilters(search, fallback);
  }, [search, remembered, now]);

  const setFilters = useCallback(
    (changes: Partial<ReportFilters>) => {
      const next = { ...filters, ...changes };
      // a template belongs to its project
      if (changes.projectId !== undefined && changes.projectId !== filters.projectId) next.templateId = null;
      setSearch(reportFiltersSearch(next, definition), { replace: true });
      remember({
        projectId: next.projectId,
        templateId: next.templateId,
        interval: next.interval,
        utcOffset: next.utcOffset,
      });
    },
    [filters, definition, setSearch, remember],
  );

  return { filters, setFilters };
}
