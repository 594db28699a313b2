import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MAX_REFUND_REASON } from '../../../domain/schemas/refund';

/**
 * Why money goes back (a refund, a cancellation): required, several lines, at most the API's length.
 *
 * @example <ReasonInput value={reason} onChange={setReason} />
 */
export const ReasonInput = ({
  value,
  onChange,
  spaced = false,
}: {
  value: string;
  onChange: (reason: string) => void;
  /** apart from the inputs above it */
  spaced?: boolean;
}) => (
  <TextField
    label={useTranslate()('app.ticket.refund.reason')}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    required
    multiline
    fullWidth
    {...(spaced ? { sx: { mt: 2 } } : {})}
    slotProps={{ htmlInput: { maxLength: MAX_REFUND_REASON } }}
  />
);
