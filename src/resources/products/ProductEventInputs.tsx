import { Typography } from '@mui/material';
import { DateTimeInput, TextInput, useTranslate } from 'react-admin';

/** the API speaks ISO date-times; the input gives a Date */
const toIso = (value: unknown) => (value instanceof Date ? value.toISOString() : value || null);

/**
 * The Event tab: what the product admits to, all optional. Each part that is filled goes onto the ticket's pass
 * (#{eventName}, #{eventVenue}, #{eventStart}, #{eventEnd}); a product with none of them is no event.
 */
export const ProductEventInputs = () => {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 640 }}>
        {translate('app.ticket.product.eventHelp')}
      </Typography>
      <TextInput source="event.name" sx={{ minWidth: 320 }} />
      <TextInput source="event.venue" sx={{ minWidth: 320 }} />
      <DateTimeInput source="event.startsAt" parse={toIso} />
      <DateTimeInput source="event.endsAt" parse={toIso} />
    </>
  );
};
