import { Notification, type NotificationProps } from 'react-admin';
import { NOTIFICATION_MS } from '../constants';

/** Notifications dismiss themselves after 5 s. */
export const AppNotification = (props: NotificationProps) => (
  <Notification {...props} autoHideDuration={NOTIFICATION_MS} />
);
