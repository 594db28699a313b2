import {
  Datagrid,
  FunctionField,
  NumberField,
  ReferenceManyField,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Webhook, WebhookDelivery } from '../../../domain/schemas/webhook';
import { DateTimeField } from '../../common/DateTimeField';
import { RedeliverButton } from './RedeliverButton';
import { useWebhookTranslate } from './webhookMessages';

export const DELIVERY_RESOURCE = 'identity/webhookDelivery';

/** The endpoint's deliveries, newest first: when, which event, status, code, attempts, the last error; a row opens the body. */
export const WebhookDeliveriesTab = () => {
  const webhook = useRecordContext<Webhook>();
  const translate = useTranslate();
  const text = useWebhookTranslate();
  if (!webhook?.id) return null;
  return (
    <ReferenceManyField
      reference={DELIVERY_RESOURCE}
      target="webhookId"
      perPage={50}
      sort={{ field: 'createdAt', order: 'DESC' }}
      empty={<>{text('noDeliveries')}</>}
    >
      <Datagrid rowClick={(id) => `/${DELIVERY_RESOURCE}/${id}`} bulkActionButtons={false}>
        <DateTimeField source="createdAt" />
        <TextField source="type" />
        <FunctionField<WebhookDelivery>
          source="status"
          render={(delivery) => translate(`resources.${DELIVERY_RESOURCE}.values.status.${delivery.status}`)}
        />
        <NumberField source="responseCode" emptyText="" />
        <NumberField source="attempts" />
        <TextField source="lastError" emptyText="" />
        <RedeliverButton />
      </Datagrid>
    </ReferenceManyField>
  );
};
