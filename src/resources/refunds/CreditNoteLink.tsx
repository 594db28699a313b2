import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Button } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { Refund } from '../../../domain/schemas/refund';
import { openPdfWindow } from '../../common/openPdfWindow';
import { useNotifyResult } from '../../common/useNotifyResult';
import type { ConsoleDataProvider } from '../../dataProviders/consoleDataProvider';
import { errorMessage } from '../../dataProviders/httpClient';

/**
 * A refund's credit note by its number, opening the PDF (read with the token) in a new window; — for a refund
 * without one (not done yet, or of a late payment, which had no invoice).
 */
export const CreditNoteLink = (_props: { source?: string; label?: string; sortable?: boolean }) => {
  const refund = useRecordContext<Refund>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notifyResult = useNotifyResult();
  const [busy, setBusy] = useState(false);
  if (!refund?.creditNoteNumber) return <span>—</span>;
  const open = async (event: MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    try {
      await openPdfWindow(() => dataProvider.getCreditNote(refund.id));
    } catch (error) {
      notifyResult('error', 'app.ticket.refund.creditNoteFailure', {}, errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      disabled={busy}
      startIcon={<PictureAsPdfIcon />}
      onClick={(event) => void open(event)}
      sx={{ textTransform: 'none', p: 0, minWidth: 0 }}
    >
      {refund.creditNoteNumber}
    </Button>
  );
};
