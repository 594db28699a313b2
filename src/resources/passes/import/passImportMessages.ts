import { useTextTable } from '../../../i18n/useTextTable';

/**
 * The pass import page's texts (Passes → Import: the file, the dry-run report, the progress, the result), under
 * app.passImport. They travel with the page's own chunk, not the console's first load: usePassImportTranslate hands
 * them to react-admin's translate as its default text.
 */
const en = {
  title: 'Import passes',
  intro:
    'A CSV file (UTF-8 or Windows-1250, "," or ";") whose header names the dynamic data keys of the template (holder.name for nested ones); an "id" column updates those passes.',
  template: 'Template',
  drop: 'Drop a CSV file here',
  chooseFile: 'Choose a file',
  preview: 'The first rows of the file',
  check: 'Check (dry run)',
  import: 'Import %{smart_count} row |||| Import %{smart_count} rows',
  report: '%{rows} rows, %{valid} ready to import.',
  noErrors: 'No errors.',
  errorCount: '%{smart_count} error |||| %{smart_count} errors',
  errors: 'Errors',
  row: 'Row',
  column: 'Column',
  message: 'Message',
  progress: 'Progress of the import',
  counts: '%{done} of %{rows} rows: %{created} created, %{updated} updated, %{failed} failed.',
  result: 'Download the result (CSV)',
  openPasses: 'Open the passes',
  showPushes: 'Show the pushes',
  state: {
    queued: 'Waiting to start…',
    running: 'Importing…',
    done: 'The import is done.',
    failed: 'The import stopped.',
  },
};

const cs: typeof en = {
  title: 'Import pasů',
  intro:
    'Soubor CSV (UTF-8 nebo Windows-1250, oddělovač „,“ nebo „;“), jehož záhlaví pojmenovává klíče dynamických dat šablony (vnořené jako holder.name); sloupec „id“ upraví tyto pasy.',
  template: 'Šablona',
  drop: 'Přetáhněte sem soubor CSV',
  chooseFile: 'Vybrat soubor',
  preview: 'První řádky souboru',
  check: 'Zkontrolovat (nanečisto)',
  import:
    'Importovat %{smart_count} řádek |||| Importovat %{smart_count} řádky |||| Importovat %{smart_count} řádků',
  report: 'Řádků: %{rows}, připraveno k importu: %{valid}.',
  noErrors: 'Bez chyb.',
  errorCount: '%{smart_count} chyba |||| %{smart_count} chyby |||| %{smart_count} chyb',
  errors: 'Chyby',
  row: 'Řádek',
  column: 'Sloupec',
  message: 'Zpráva',
  progress: 'Průběh importu',
  counts: '%{done} z %{rows} řádků: vytvořeno %{created}, upraveno %{updated}, chybných %{failed}.',
  result: 'Stáhnout výsledek (CSV)',
  openPasses: 'Otevřít pasy',
  showPushes: 'Zobrazit rozesílání',
  state: {
    queued: 'Čeká na spuštění…',
    running: 'Importuji…',
    done: 'Import je hotový.',
    failed: 'Import se zastavil.',
  },
};

export const passImportMessages = { en, cs };

/**
 * Translates the pass import page's texts (passImportMessages, key under app.passImport) in the console's language (src/i18n/useTextTable).
 *
 * @example const translate = usePassImportTranslate(); translate('state.done') // 'The import is done.'
 */
export function usePassImportTranslate(): (key: string, options?: Record<string, unknown>) => string {
  return useTextTable(passImportMessages, 'app.passImport');
}
