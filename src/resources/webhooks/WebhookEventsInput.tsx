import { CheckboxGroupInput, useResourceContext, useTranslate } from 'react-admin';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/schemas/webhook';
import type { WidgetProps } from '../../common/generated/widgets';

/** The events an endpoint hears, as checkboxes labelled in the console's language. */
export const WebhookEventsInput = ({ source = 'events' }: WidgetProps) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  return (
    <CheckboxGroupInput
      source={source}
      row={false}
      choices={WEBHOOK_EVENT_TYPES.map((type) => ({
        id: type,
        name: `${translate(`resources.${resource}.values.events.${type}`)} (${type})`,
      }))}
      translateChoice={false}
    />
  );
};
