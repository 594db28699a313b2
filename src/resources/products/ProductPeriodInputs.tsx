import { DateTimeInput, NumberInput, RadioButtonGroupInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PERIOD_TYPES } from '../../../domain/schemas/product';

const periodChoices = PERIOD_TYPES.map((type) => ({ id: type, name: `app.ticket.product.period.${type}` }));
/** the API speaks ISO date-times; the input gives a Date */
const toIso = (value: unknown) => (value instanceof Date ? value.toISOString() : value || null);

/** The Validity tab: days from purchase or a fixed interval; the type switches the inputs. */
export const ProductPeriodInputs = () => {
  const periodType = useWatch({ name: 'period.periodType' }) as string | undefined;
  return (
    <>
      <RadioButtonGroupInput source="period.periodType" choices={periodChoices} />
      {periodType === 'days' && <NumberInput source="period.daysMaximalValidity" step={1} />}
      {periodType === 'interval' && (
        <>
          <DateTimeInput source="period.intervalFrom" parse={toIso} />
          <DateTimeInput source="period.intervalTo" parse={toIso} />
        </>
      )}
    </>
  );
};
