import { Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ESHOP_VERSION_MESSAGES } from '../../../domain/ticket/eshopVersions';
import { useItemEdit } from '../../common/ItemEditContext';
import { EshopMessagesForm } from './EshopMessagesForm';

/** Below the locales of the Localization tab (the first is the default): the messages per locale, from the version's set. */
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
      <Button onClick={loadDefaults} disabled={readOnly} sx={{ alignSelf: 'flex-start', mb: 1 }}>
        {translate('app.ticket.eshop.loadMessages', { version })}
      </Button>
      <EshopMessagesForm />
    </Stack>
  );
};
