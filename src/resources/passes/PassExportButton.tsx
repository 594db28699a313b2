import { useDataProvider } from 'react-admin';
import type { Pass } from '../../../domain/schemas/pass';
import { ExportCsvButton, type ExportQuery } from '../../common/ExportCsvButton';
import { useProjectRegister } from '../../common/useProjectRegister';
import type { CoreDataProvider } from '../../dataProviders/coreDataProvider';
import { useTemplateRegister } from '../templates/useTemplateRegister';
import { PASS_EXPORT_COLUMNS, passExportFileName, passExportRows } from './passExport';
import { writeXlsx } from './xlsxFile';

/** Lets the browser paint (the progress) before the file is written, which holds the page until it is done. */
const nextPaint = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Export of the filtered pass list as export_passes_{timestamp}.xlsx: every matching pass, read 1000 at
 * a time without counting (spec section 7), the progress told as pages arrive; more than 1000 ask first.
 */
export const PassExportButton = () => {
  const dataProvider = useDataProvider<CoreDataProvider>();
  const { byId: projects } = useProjectRegister();
  const { byId: templates } = useTemplateRegister();
  const exporter = async ({ resource, filter, onProgress }: ExportQuery) => {
    onProgress({ rowsRead: 0, writing: false });
    const passes = await dataProvider.getCompleteList<Pass>(resource, filter, (rowsRead) =>
      onProgress({ rowsRead, writing: false }),
    );
    onProgress({ rowsRead: passes.length, writing: true });
    await nextPaint();
    const rows = passExportRows(passes, {
      project: (id) => projects.get(id)?.name,
      template: (id) => templates.get(id)?.name,
    });
    await writeXlsx(rows, PASS_EXPORT_COLUMNS, passExportFileName());
  };
  return <ExportCsvButton exporter={exporter} />;
};
