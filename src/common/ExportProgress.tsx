import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** How far an export is: rows read so far, then the file being written. */
export interface ExportProgressState {
  rowsRead: number;
  writing: boolean;
}

/**
 * The progress of a running export beside its button: a bar and '45 % (450 of 1000 rows read)', then
 * 'Writing the file…'. Without a known total only the rows read are told.
 *
 * @example <ExportProgress progress={{ rowsRead: 450, writing: false }} total={1000} />
 */
export const ExportProgress = ({ progress, total }: { progress: ExportProgressState; total?: number }) => {
  const translate = useTranslate();
  const percent = progress.writing
    ? 100
    : total
      ? Math.min(100, Math.floor((progress.rowsRead / total) * 100))
      : undefined;
  const text = progress.writing
    ? translate('app.export.writing')
    : percent === undefined
      ? translate('app.export.readingRows', { done: progress.rowsRead })
      : translate('app.export.reading', { percent, done: progress.rowsRead, total });
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 200 }}>
      <LinearProgress
        sx={{ flexGrow: 1, minWidth: 60 }}
        variant={percent === undefined || progress.writing ? 'indeterminate' : 'determinate'}
        value={percent}
        aria-label={text}
      />
      <Typography variant="caption" sx={{ whiteSpace: 'nowrap' }}>
        {text}
      </Typography>
    </Box>
  );
};
