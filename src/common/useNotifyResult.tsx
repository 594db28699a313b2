import type { AlertColor } from '@mui/material';
import { useCallback, type ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { NotificationBox } from './NotificationBox';

type Args = Record<string, unknown>;

/**
 * Notifies a title and a message, both translation keys (the message may also be a server's text), and maybe a way on
 * (a link).
 *
 * @example notifyResult('success', 'app.notification.updateSuccess', {}, 'app.notification.updated', { id })
 */
export function useNotifyResult() {
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(
    (
      severity: AlertColor,
      titleKey: string,
      titleArgs: Args = {},
      message?: string,
      messageArgs: Args = {},
      action?: ReactNode,
    ) => {
      const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
      const title = clean(translate(titleKey, titleArgs));
      const body = message ? clean(translate(message, { _: message, ...messageArgs })) : undefined;
      notify(<NotificationBox severity={severity} title={title} message={body} action={action} />, {
        type: severity === 'success' ? 'success' : severity === 'error' ? 'error' : severity,
      });
    },
    [notify, translate],
  );
}
