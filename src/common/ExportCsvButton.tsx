import DownloadIcon from '@mui/icons-material/GetApp';
import { useState } from 'react';
import { Button, Confirm, downloadCSV, useDataProvider, useListContext, useTranslate } from 'react-admin';
import { EXPORT_LIMIT } from '../constants';
import { apiResourceName } from '../dataProviders/resourceRegistry';
import { toCsv } from './csv';
import { ExportProgress, type ExportProgressState } from './ExportProgress';
import { useNotifyResult } from './useNotifyResult';
import { errorMessage } from '../dataProviders/httpClient';

/** What the list hands an export of its own. */
export interface ExportQuery {
  resource: string;
  filter: Record<string, unknown>;
  sort: { field: string; order: string };
  /** tells the viewer how far the export is (shown beside the button) */
  onProgress: (progress: ExportProgressState) => void;
}

/**
 * Export of the filtered, sorted list as CSV (limit 1000), or by `exporter` (e.g. the pass spreadsheet).
 * More than 1000 items ask first, as such an export may take long or crash the browser.
 */
export const ExportCsvButton = ({ exporter }: { exporter?: (query: ExportQuery) => Promise<void> }) => {
  const { filterValues, sort, total, resource } = useListContext();
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  const notifyResult = useNotifyResult();
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<ExportProgressState | null>(null);

  const run = async () => {
    setAsking(false);
    setRunning(true);
    try {
      if (exporter) {
        await exporter({ resource, filter: filterValues, sort, onProgress: setProgress });
        return;
      }
      const { data } = await dataProvider.getList(resource, {
        filter: filterValues,
        sort,
        pagination: { page: 1, perPage: EXPORT_LIMIT },
      });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      downloadCSV(toCsv(data), `export_${apiResourceName(resource)}_${stamp}`);
    } catch (error) {
      notifyResult(
        'error',
        'app.notification.listFailure',
        { resource: apiResourceName(resource) },
        errorMessage(error),
      );
    } finally {
      setRunning(false);
      setProgress(null);
    }
  };

  return (
    <>
      <Button
        label="ra.action.export"
        disabled={running || total === 0}
        onClick={() => ((total ?? 0) > EXPORT_LIMIT ? setAsking(true) : void run())}
      >
        <DownloadIcon />
      </Button>
      {running && progress && <ExportProgress progress={progress} total={total} />}
      <Confirm
        isOpen={asking}
        title={translate('app.export.title')}
        content={translate('app.export.tooMany', { total, limit: EXPORT_LIMIT })}
        onConfirm={() => void run()}
        onClose={() => setAsking(false)}
      />
    </>
  );
};
