import { Alert, AlertTitle, type AlertColor } from '@mui/material';

/** A notification with a title and a message (spec section 8: "Update success" / "… was updated"). */
export const NotificationBox = ({
  severity,
  title,
  message,
}: {
  severity: AlertColor;
  title: string;
  message?: string;
}) => (
  <Alert severity={severity} variant="filled" sx={{ minWidth: 320, maxWidth: 560 }}>
    <AlertTitle sx={{ mb: message ? 0.5 : 0 }}>{title}</AlertTitle>
    {message}
  </Alert>
);
