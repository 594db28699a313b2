import SendIcon from '@mui/icons-material/Send';
import { useState } from 'react';
import { Button as MuiButton } from '@mui/material';
import { Button, Link, useDataProvider, useFormIsDirty, useRecordContext, useTranslate } from 'react-admin';
import type { Template } from '../../../domain/schemas/template';
import { useNotifyResult } from '../../common/useNotifyResult';
import type { CoreDataProvider } from '../../dataProviders/coreDataProvider';
import { errorMessage, errorStatus } from '../../dataProviders/httpClient';

/** The way from the push's notice to its campaign's page (its progress, Cancel). */
const PushCampaignLink = ({ campaignId }: { campaignId: string }) => {
  const translate = useTranslate();
  return (
    <MuiButton color="inherit" size="small" component={Link} to={`/passes/pushCampaign/${campaignId}`}>
      {translate('app.pushCampaign.show')}
    </MuiButton>
  );
};

/**
 * Push (TEMPLATE_UPDATE): tells the wallets holding the template's passes to check for updates. It pushes
 * the saved template, so it is disabled while the form has unsaved changes. Its notice leads to the push campaign.
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
      const { campaignId } = await dataProvider.pushTemplate(template.id);
      notifyResult(
        'success',
        'app.template.pushSuccess',
        {},
        'app.template.pushed',
        { name: template.name },
        <PushCampaignLink campaignId={campaignId} />,
      );
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
