import { Button, Stack } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ESHOP_VERSION_MESSAGES } from '../../../domain/ticket/eshopVersions';
import { useItemEdit } from '../../common/ItemEditContext';
import { EshopMessagesForm } from './EshopMessagesForm';

const toList = (value: unknown) =>
  String(value ?? '')
    .split(',')
    .map((locale) => locale.trim().toLowerCase())
    .filter(Boolean);
const toText = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');

/** The Localization tab: locales (the first is the default) and the messages per locale, from the version's set. */
export const EshopLocalizationInputs = () => {
  const translate = useTranslate();
  const { readOnly } = useItemEdit();
  const { setValue } = useFormContext();
  const [version, locales] = useWatch({ name: ['eshopVersion', 'locales'] }) as [
    string,
    string[] | undefined,
  ];
  const loadDefaults = () => {
    const defaults = ESHOP_VERSION_MESSAGES[version] ?? {};
    const messages = Object.fromEntries(
      (locales ?? []).map((locale) => [locale, defaults[locale] ?? defaults.en ?? {}]),
    );
    setValue('messages', messages, { shouldDirty: true });
  };
  return (
    <Stack sx={{ width: '100%' }}>
      <TextInput
        source="locales"
        format={toText}
        parse={toList}
        helperText="app.ticket.eshop.localesHelp"
        readOnly={readOnly}
      />
      <Button onClick={loadDefaults} disabled={readOnly} sx={{ alignSelf: 'flex-start', mb: 1 }}>
        {translate('app.ticket.eshop.loadMessages', { version })}
      </Button>
      <EshopMessagesForm />
    </Stack>
  );
};
