import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuthProvider, useRedirect, type RaRecord } from 'react-admin';
import type { PassbaseAuthProvider } from '../../authProvider';
import { useItemNotifications } from '../../common/useItemNotifications';
import { TEMPLATE_RESOURCE, useRefreshTemplateRegister } from './useTemplateRegister';

/**
 * After a template was created (New, Duplicate): notify, read the viewer again (spec section 4), refresh
 * the template register and open the new template.
 */
export function useTemplateCreated() {
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const authProvider = useAuthProvider<PassbaseAuthProvider>();
  const refreshRegister = useRefreshTemplateRegister();
  const notifications = useItemNotifications(TEMPLATE_RESOURCE);
  return useCallback(
    async (record: RaRecord) => {
      notifications.created(record.id);
      await authProvider?.reloadViewer();
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
      void refreshRegister();
      redirect('edit', TEMPLATE_RESOURCE, record.id);
    },
    [notifications, authProvider, queryClient, refreshRegister, redirect],
  );
}
