import { NumberInput, SelectInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { NUMBER_SERVICES } from '../../../domain/schemas/product';

const serviceChoices = NUMBER_SERVICES.map((service) => ({ id: service, name: service }));

/** The Ticket service tab (admins): the number service, and its config unless it is the simple one. */
export const ProductServiceInputs = () => {
  const service = useWatch({ name: 'numberServiceUrl' }) as string | undefined;
  return (
    <>
      <SelectInput source="numberServiceUrl" choices={serviceChoices} />
      {service && service !== 'simple' && <NumberInput source="numberServiceConfig.tariff" step={1} />}
    </>
  );
};
