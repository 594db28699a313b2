import { BooleanInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useProductEshop } from './useProductEshop';

/**
 * The Localization tab: a title per locale of the product's e-shop, the warning switch and, when on, a warning title per locale.
 * Switching the warning on creates an empty warning title when there is none (spec section 4).
 */
export const ProductLocalizationInputs = () => {
  const translate = useTranslate();
  const { locales } = useProductEshop();
  const { getValues, setValue } = useFormContext();
  const warningEnabled = useWatch({ name: 'warningEnabled' }) as boolean | undefined;
  const onWarningChange = (event: unknown) => {
    const enabled =
      typeof event === 'boolean'
        ? event
        : Boolean((event as { target?: { checked?: boolean } })?.target?.checked);
    const warningTitle = getValues('warningTitle') as Record<string, string> | null | undefined;
    if (enabled && (!warningTitle || Object.keys(warningTitle).length === 0)) {
      setValue('warningTitle', Object.fromEntries(locales.map((locale) => [locale, ''])), {
        shouldDirty: true,
      });
    }
  };
  const label = (key: string, locale: string) =>
    `${translate(`resources.ticket/ticketProduct.fields.${key}`)} (${locale})`;
  return (
    <>
      {locales.map((locale) => (
        <TextInput key={`title-${locale}`} source={`title.${locale}`} label={label('title', locale)} />
      ))}
      <BooleanInput source="warningEnabled" onChange={onWarningChange} />
      {warningEnabled &&
        locales.map((locale) => (
          <TextInput
            key={`warning-${locale}`}
            source={`warningTitle.${locale}`}
            label={label('warningTitle', locale)}
            multiline
            fullWidth
          />
        ))}
    </>
  );
};
