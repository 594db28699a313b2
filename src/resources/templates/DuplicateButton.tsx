import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useState } from 'react';
import { Button, useDataProvider, useRecordContext } from 'react-admin';
import type { Template } from '../../../domain/schemas/template';
import { useItemNotifications } from '../../common/useItemNotifications';
import { duplicateOf } from './templateValues';
import { useTemplateCreated } from './useTemplateCreated';
import { TEMPLATE_RESOURCE } from './useTemplateRegister';

/** Duplicate (TEMPLATE_CREATE): creates '{name} - copy' of the saved template and opens it. */
export const DuplicateButton = () => {
  const template = useRecordContext<Template>();
  const dataProvider = useDataProvider();
  const onCreated = useTemplateCreated();
  const notifications = useItemNotifications(TEMPLATE_RESOURCE);
  const [pending, setPending] = useState(false);
  if (!template) return null;

  const duplicate = async () => {
    setPending(true);
    try {
      const { data } = await dataProvider.create(TEMPLATE_RESOURCE, { data: duplicateOf(template) });
      await onCreated(data);
    } catch (error) {
      notifications.createFailed(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Button label="app.template.duplicate" onClick={() => void duplicate()} disabled={pending}>
      <ContentCopyIcon />
    </Button>
  );
};
