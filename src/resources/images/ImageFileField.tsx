import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, AlertTitle, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFileSize } from './fileSize';
import { ImagePreview } from './ImagePreview';
import type { FileFacts, FileProblem } from './pngFile';
import { useObjectUrl } from './useFileFacts';

export interface ImageFileFieldProps {
  file: File | null;
  /** null while the chosen file is read */
  facts: FileFacts | null;
  problems: FileProblem[];
  onChange: (file: File | null) => void;
}

/**
 * One PNG file: the chooser, then what the browser found: empty, chosen (being read), valid, or invalid with
 * 'Invalid data' and the list of reasons.
 */
export const ImageFileField = ({ file, facts, problems, onChange }: ImageFileFieldProps) => {
  const translate = useTranslate();
  const fileSize = useFileSize();
  const previewUrl = useObjectUrl(facts && problems.length === 0 ? file : null);
  return (
    <Stack spacing={1.5} sx={{ mt: 1 }}>
      <Stack direction="row" spacing={2} alignItems="center">
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          {translate('app.image.chooseFile')}
          <input
            hidden
            type="file"
            accept="image/png,.png"
            onChange={(event) => {
              onChange(event.target.files?.[0] ?? null);
              event.target.value = '';
            }}
          />
        </Button>
        <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} noWrap>
          {file ? `${file.name} (${fileSize(file.size)})` : translate('app.image.noFile')}
        </Typography>
      </Stack>
      {file && !facts && <LinearProgress aria-label={translate('app.image.checking')} />}
      {facts && problems.length > 0 && (
        <Alert severity="error">
          <AlertTitle>{translate('app.messages.invalidData')}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {problems.map((problem) => (
              <li key={problem.message + JSON.stringify(problem.args ?? {})}>
                {translate(problem.message, { _: problem.message, ...problem.args })}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {facts && problems.length === 0 && (
        <Alert severity="success">
          {translate('app.image.valid', { width: facts.width, height: facts.height })}
        </Alert>
      )}
      {previewUrl && <ImagePreview src={previewUrl} alt={file?.name ?? ''} maxHeight={220} />}
    </Stack>
  );
};
