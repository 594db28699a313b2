import { useFormContext, useWatch } from 'react-hook-form';
import { SelectInput, useLocaleState, useTranslate } from 'react-admin';
import { useItemEdit } from '../../common/ItemEditContext';
import { COMMON_CURRENCIES, currencyLabel, currencyOf } from '../../../domain/ticket/currencies';

/**
 * The e-shop's currency, one picker for its two fields (spec section 3): choosing one sets its ISO 4217 letters
 * (`currency`) and number (`currencyCode`), named in the console's language with its symbol. A currency of the
 * e-shop that is not among the common ones stays a choice, with its number kept.
 *
 * @example <CurrencyInput />
 */
export const CurrencyInput = () => {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const current: unknown = useWatch({ name: 'currency' });
  const code: unknown = useWatch({ name: 'currencyCode' });
  const letters = COMMON_CURRENCIES.map((currency) => currency.letters);
  if (typeof current === 'string' && current && !letters.includes(current)) letters.push(current);
  const choices = letters.map((id) => ({ id, name: currencyLabel(id, locale) }));
  const setCode = () => {
    // the picker has set the letters already
    const chosen = currencyOf(String(getValues('currency')));
    if (chosen) setValue('currencyCode', chosen.code, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <SelectInput
      source="currency"
      choices={choices}
      onChange={setCode}
      readOnly={useItemEdit().readOnly}
      helperText={translate('app.ticket.eshop.currencyCodeHelp', { code: String(code ?? '') })}
      sx={{ minWidth: 260 }}
    />
  );
};
