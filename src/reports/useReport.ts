import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useDataProvider, useLogoutIfAccessDenied } from 'react-admin';
import type { ReportQuery } from '../../domain/schemas/report';
import { useNotifyResult } from '../common/useNotifyResult';
import type { CoreDataProvider } from '../dataProviders/coreDataProvider';
import { errorMessage } from '../dataProviders/httpClient';
import { hasReportData, type ReportAnswer } from './reportData';
import type { ReportDefinition } from './reportDefinitions';

/**
 * Loads a report (GET {core}/v1/report/{serviceType}) whenever its query changes, and tells the viewer
 * (spec section 8): 'No data' when the answer is empty; 'Graph has been updated' for a later load with data.
 *
 * @example const { data, hasData, error, isFetching, reload } = useReport(definition, query);
 */
export function useReport(definition: ReportDefinition, query: ReportQuery | null) {
  const dataProvider = useDataProvider<CoreDataProvider>();
  const notifyResult = useNotifyResult();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const loadedOnce = useRef(false);

  const result = useQuery<ReportAnswer>({
    queryKey: ['report', definition.serviceType, query],
    enabled: query !== null,
    retry: false,
    staleTime: 0,
    queryFn: async () => {
      if (!query) throw new Error('No project chosen');
      try {
        const answer = await dataProvider.getReport(definition.serviceType, query);
        if (!hasReportData(definition.kind, answer)) {
          notifyResult('error', 'app.report.noData', {}, 'app.report.noDataText');
        } else if (loadedOnce.current) {
          notifyResult('success', 'app.report.updated');
        }
        loadedOnce.current = true;
        return answer;
      } catch (error) {
        const loggedOut = await logoutIfAccessDenied(error);
        if (!loggedOut) notifyResult('error', 'app.report.failure', {}, errorMessage(error));
        throw error;
      }
    },
  });

  return {
    data: result.data,
    hasData: result.data !== undefined && hasReportData(definition.kind, result.data),
    error: result.error,
    isFetching: result.isFetching,
    reload: () => void result.refetch(),
  };
}
