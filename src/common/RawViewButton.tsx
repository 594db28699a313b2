import DataObjectIcon from '@mui/icons-material/DataObject';
import { Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Tooltip } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { Button, useRecordContext, useTranslate } from 'react-admin';

/** A list row's raw view: the record as the API answered it, in a dialog. */
export const RawViewButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const label = translate('app.action.rawView');
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          size="small"
          aria-label={label}
          onClick={(event) => {
            stop(event);
            setOpen(true);
          }}
        >
          <DataObjectIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} onClick={stop} maxWidth="md" fullWidth>
        <DialogTitle>{label}</DialogTitle>
        <DialogContent>
          <pre style={{ margin: 0, fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {JSON.stringify(record, null, 2)}
          </pre>
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.close" onClick={() => setOpen(false)} />
        </DialogActions>
      </Dialog>
    </>
  );
};
