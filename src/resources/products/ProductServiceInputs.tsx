import { FormHelperText } from '@mui/material';
import { NumberInput, SelectInput } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { NUMBER_SERVICES } from '../../../domain/schemas/product';

const serviceChoices = NUMBER_SERVICES.map((service) => ({ id: service, name: service }));

/**
 * The Ticket service tab (admins): the number service, and its config unless it is the simple one. A refusal of
 * the config as a whole (not of its tariff, which shows on the input) shows under it.
 */
export const ProductServiceInputs = () => {
  const service = useWatch({ name: 'numberServiceUrl' }) as string | undefined;
  const { errors } = useFormState({ name: 'numberServiceConfig' });
  const configError = errors.numberServiceConfig?.message;
  return (
    <>
      <SelectInput source="numberServiceUrl" choices={serviceChoices} />
      {service && service !== 'simple' && <NumberInput source="numberServiceConfig.tariff" step={1} />}
      {typeof configError === 'string' && (
        <FormHelperText error role="alert">
          {configError}
        </FormHelperText>
      )}
    </>
  );
};
