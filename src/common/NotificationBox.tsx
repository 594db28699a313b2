import { Alert, AlertTitle, type AlertColor } from '@mui/material';
import type { ReactNode } from 'react';

/** A notification with a title, a message (spec section 8: "Update success" / "… was updated") and maybe a way on. */
export const NotificationBox = ({
  severity,
  title,
  message,
  action,
}: {
  severity: AlertColor;
  title: string;
  message?: string;
  /** a way on from the notification (a link to what it is about) */
  action?: ReactNode;
}) => (
  <Alert severity={severity} variant="filled" sx={{ minWidth: 320, maxWidth: 560 }} action={action}>
    <AlertTitle sx={{ mb: message ? 0.5 : 0 }}>{title}</AlertTitle>
    {message}
  </Alert>
);
