import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { TicketEntry } from '../../../domain/schemas/ticketEntry';
import { resultColor } from './entryResults';

/** An entry's result by its translated name, on a chip: Accepted green, Already used, Expired, … red. */
export const EntryResultField = (_props: { source?: string; label?: string; sortable?: boolean }) => {
  const record = useRecordContext<TicketEntry>();
  const translate = useTranslate();
  if (!record?.result) return null;
  return (
    <Chip
      size="small"
      label={translate(`app.gate.entryResult.${record.result}`)}
      color={resultColor(record.result)}
      variant="outlined"
    />
  );
};
