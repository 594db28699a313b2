import SendIcon from '@mui/icons-material/Send';
import { useState } from 'react';
import { Button, useDataProvider, useFormIsDirty, useRecordContext } from 'react-admin';
import type { Template } from '../../../domain/schemas/template';
import { useNotifyResult } from '../../common/useNotifyResult';
import type { CoreDataProvider } from '../../dataProviders/coreDataProvider';
import { errorMessage, errorStatus } from '../../dataProviders/httpClient';

/**
 * Push (TEMPLATE_UPDATE): tells the wallets holding the template's passes to check for updates. It pushes
 * the saved template, so it is disabled while the form has unsaved changes.
 */
export const PushButton = () => {
  const template = useRecordContext<Template>();
  const dataProvider = useDataProvider<CoreDataProvider>();
  const notifyResult = useNotifyResult();
  const isDirty = useFormIsDirty();
  const [pending, setPending] = useState(false);
  if (!template) return null;

  const push = async () => {
    setPending(true);
    try {
      await dataProvider.pushTemplate(template.id);
      notifyResult('success', 'app.template.pushSuccess', {}, 'app.template.pushed', { name: template.name });
    } catch (error) {
      const status = errorStatus(error);
      notifyResult(
        'error',
        'app.template.pushFailure',
        {},
        errorMessage(error) || (status ? `HTTP ${status}` : ''),
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <Button label="app.template.push" onClick={() => void push()} disabled={isDirty || pending}>
      <SendIcon />
    </Button>
  );
};
