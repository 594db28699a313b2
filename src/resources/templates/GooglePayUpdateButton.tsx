import WalletIcon from '@mui/icons-material/Wallet';
import { useState } from 'react';
import { Button, useDataProvider, useFormIsDirty, useRecordContext } from 'react-admin';
import type { Template } from '../../../domain/schemas/template';
import { useNotifyResult } from '../../common/useNotifyResult';
import type { CoreDataProvider } from '../../dataProviders/coreDataProvider';
import { errorMessage, errorStatus } from '../../dataProviders/httpClient';

/**
 * Save to Google Pay (TEMPLATE_UPDATE, templates with a Google Pay object template): queues the update of the
 * Google Wallet objects of the template's passes to the saved template (background jobs do them), so it is
 * disabled while the form has unsaved changes.
 */
export const GooglePayUpdateButton = () => {
  const template = useRecordContext<Template>();
  const dataProvider = useDataProvider<CoreDataProvider>();
  const notifyResult = useNotifyResult();
  const isDirty = useFormIsDirty();
  const [pending, setPending] = useState(false);
  if (!template?.saveToGooglePayObjectTemplate) return null;

  const update = async () => {
    setPending(true);
    try {
      const { passes } = await dataProvider.updateGooglePayObjects(template.id);
      notifyResult('success', 'app.template.googlePaySuccess', {}, 'app.template.googlePaySummary', {
        smart_count: passes,
      });
    } catch (error) {
      const status = errorStatus(error);
      notifyResult(
        'error',
        'app.template.googlePayFailure',
        {},
        errorMessage(error) || (status ? `HTTP ${status}` : ''),
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <Button label="app.template.googlePayUpdate" onClick={() => void update()} disabled={isDirty || pending}>
      <WalletIcon />
    </Button>
  );
};
