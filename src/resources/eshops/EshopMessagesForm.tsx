import { Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ESHOP_VERSION_MESSAGES } from '../../../domain/ticket/eshopVersions';
import { useItemEdit } from '../../common/ItemEditContext';

type Messages = Record<string, Record<string, string>>;

const isMessages = (value: unknown): value is Messages => typeof value === 'object' && value !== null;

/**
 * The e-shop's messages as a form: per locale, one text input per message key (the version's keys and the e-shop's
 * own), the version's text as its placeholder; an emptied one is left out, so the storefront shows the version's.
 * The keys hold dots (`basket.title`), so the inputs change the one `messages` value rather than a path each.
 *
 * @example <EshopMessagesForm />
 */
export const EshopMessagesForm = () => {
  const translate = useTranslate();
  const { readOnly } = useItemEdit();
  const { setValue } = useFormContext();
  const version: unknown = useWatch({ name: 'eshopVersion' });
  const locales: unknown = useWatch({ name: 'locales' });
  const stored: unknown = useWatch({ name: 'messages' });
  const messages = isMessages(stored) ? stored : {};
  const defaults = ESHOP_VERSION_MESSAGES[String(version)] ?? {};
  const defaultsOf = (locale: string) => defaults[locale] ?? defaults.en ?? {};
  const keysOf = (locale: string) =>
    [...new Set([...Object.keys(defaultsOf(locale)), ...Object.keys(messages[locale] ?? {})])].sort();
  const change = (locale: string, key: string, text: string) => {
    const { [key]: _old, ...others } = messages[locale] ?? {};
    const own = text === '' ? others : { ...others, [key]: text };
    setValue('messages', { ...messages, [locale]: own }, { shouldDirty: true });
  };
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 640 }}>
        {translate('app.ticket.eshop.messagesHelp')}
      </Typography>
      {(Array.isArray(locales) ? locales.map(String) : []).map((locale) => (
        <Box key={locale} component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 3 }}>
          <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
            {translate('app.ticket.eshop.messagesOf', { locale })}
          </Typography>
          {keysOf(locale).map((key) => (
            <TextField
              key={key}
              label={`${key} (${locale})`}
              value={messages[locale]?.[key] ?? ''}
              placeholder={defaultsOf(locale)[key]}
              onChange={(event) => change(locale, key, event.target.value)}
              slotProps={{ input: { readOnly }, inputLabel: { shrink: true } }}
              size="small"
              fullWidth
              sx={{ mb: 1.5 }}
            />
          ))}
        </Box>
      ))}
    </Box>
  );
};
