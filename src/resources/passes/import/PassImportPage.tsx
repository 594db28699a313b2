import { useEffect, useState, type DragEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Link } from 'react-router';
import { Title, useDataProvider } from 'react-admin';
import type { PassImportJob, PassImportReport } from '../../../../domain/schemas/passImport';
import type { CoreDataProvider } from '../../../dataProviders/coreDataProvider';
import { errorMessage } from '../../../dataProviders/httpClient';
import { useTemplateRegister } from '../../templates/useTemplateRegister';
import { csvPreview } from './csvPreview';
import { CsvPreviewTable } from './CsvPreviewTable';
import { ImportErrors } from './ImportErrors';
import { usePassImportTranslate } from './passImportMessages';

/** How often a running import's progress is asked for. */
const POLL_MS = 1000;
/** The rows of the file shown before it is checked. */
const PREVIEW_ROWS = 5;

/** Saves text as a file the browser downloads. */
function download(text: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}

/**
 * Passes → Import: a template, a CSV file (dropped or chosen), its first rows, the dry run's report, then the import
 * with its progress and result (counts, the result file, the passes, the push campaign of the passes it updated).
 */
export const PassImportPage = () => {
  const translate = usePassImportTranslate();
  const dataProvider = useDataProvider<CoreDataProvider>();
  const { templates } = useTemplateRegister();
  const [templateId, setTemplateId] = useState('');
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<{ header: string[]; rows: string[][] }>();
  const [report, setReport] = useState<PassImportReport>();
  const [job, setJob] = useState<PassImportJob>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  const pick = async (picked: File | undefined) => {
    setFile(picked);
    setReport(undefined);
    setJob(undefined);
    setProblem(undefined);
    setPreview(picked ? csvPreview(await picked.slice(0, 65536).arrayBuffer(), PREVIEW_ROWS) : undefined);
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const check = () =>
    run(async () => setReport(await dataProvider.checkPassImport(templateId, file as File)));
  const start = () =>
    run(async () => {
      const { jobId } = await dataProvider.startPassImport(templateId, file as File);
      setJob(await dataProvider.getPassImport(jobId));
    });

  const running = job && (job.state === 'queued' || job.state === 'running');
  useEffect(() => {
    if (!running) return undefined;
    const timer = setTimeout(async () => {
      try {
        setJob(await dataProvider.getPassImport(job.id));
      } catch (error) {
        setProblem(errorMessage(error));
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [running, job, dataProvider]);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    void pick(event.dataTransfer.files[0]);
  };
  const percent = job && job.rows > 0 ? Math.round((job.done / job.rows) * 100) : 0;
  const passesLink = `/passes/pass?filter=${encodeURIComponent(JSON.stringify({ templateId }))}`;

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('title')} />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h1">
            {translate('title')}
          </Typography>
          <Typography variant="body2">{translate('intro')}</Typography>
          <TextField
            select
            label={translate('template')}
            value={templateId}
            onChange={(event) => {
              setTemplateId(event.target.value);
              setReport(undefined);
            }}
            sx={{ maxWidth: 400 }}
          >
            {templates.map((template) => (
              <MenuItem key={template.id} value={template.id}>
                {template.name}
              </MenuItem>
            ))}
          </TextField>
          <Box
            onDragOver={(event) => event.preventDefault()}
            onDrop={onDrop}
            sx={{ border: '2px dashed', borderColor: 'divider', borderRadius: 1, p: 3, textAlign: 'center' }}
          >
            <Typography>{file ? file.name : translate('drop')}</Typography>
            <Button component="label" sx={{ mt: 1 }}>
              {translate('chooseFile')}
              <input
                type="file"
                accept=".csv,text/csv"
                hidden
                aria-label={translate('chooseFile')}
                onChange={(event) => void pick(event.target.files?.[0])}
              />
            </Button>
          </Box>
          {preview && <CsvPreviewTable {...preview} />}
          <Stack direction="row" spacing={2}>
            <Button variant="outlined" disabled={!file || !templateId || busy || !!running} onClick={check}>
              {translate('check')}
            </Button>
            <Button
              variant="contained"
              disabled={!report || report.valid === 0 || busy || !!job}
              onClick={start}
            >
              {translate('import', { smart_count: report?.valid ?? 0 })}
            </Button>
          </Stack>
          {busy && <LinearProgress />}
          {problem && <Alert severity="error">{problem}</Alert>}
          {report && !job && (
            <Box>
              <Typography>{translate('report', { rows: report.rows, valid: report.valid })}</Typography>
              <ImportErrors errors={report.errors} total={report.errorCount} />
            </Box>
          )}
          {job && (
            <Box>
              <Typography>{translate(`state.${job.state}`)}</Typography>
              <LinearProgress
                variant="determinate"
                value={job.state === 'done' ? 100 : percent}
                aria-label={translate('progress')}
                sx={{ my: 1 }}
              />
              <Typography>
                {translate('counts', {
                  done: job.done,
                  rows: job.rows,
                  created: job.created,
                  updated: job.updated,
                  failed: job.failed,
                })}
              </Typography>
              {/* the devices of the passes it updates are told by one push campaign, with its own progress */}
              {job.pushCampaignId && (
                <Button component={Link} to={`/passes/pushCampaign/${job.pushCampaignId}`} sx={{ mt: 1 }}>
                  {translate('showPushes')}
                </Button>
              )}
              {!running && (
                <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
                  <Button
                    onClick={() =>
                      run(async () =>
                        download(await dataProvider.getPassImportResult(job.id), `import-${job.id}.csv`),
                      )
                    }
                  >
                    {translate('result')}
                  </Button>
                  <Button component={Link} to={passesLink}>
                    {translate('openPasses')}
                  </Button>
                </Stack>
              )}
              {job.errors.length > 0 && <ImportErrors errors={job.errors} total={job.failed} />}
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
};
