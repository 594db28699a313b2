import { Box, Tab, Tabs, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';

/** Admins: the email template per locale as HTML source beside its preview (a sandboxed frame runs no script). */
export const EshopWysiwygTab = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const locales = (useWatch({ name: 'locales' }) as string[] | undefined) ?? [];
  const [chosen, setChosen] = useState(0);
  const locale = locales[Math.min(chosen, locales.length - 1)] ?? '';
  const html = (useWatch({ name: `email.template.${locale}` }) as string | undefined) ?? '';
  if (!locale) return null;
  return (
    <Box sx={{ width: '100%' }}>
      <Tabs value={locales.indexOf(locale)} onChange={(_event, index: number) => setChosen(index)}>
        {locales.map((item) => (
          <Tab key={item} label={item} />
        ))}
      </Tabs>
      <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, gap: 2, pt: 2 }}>
        <TextField
          label={`${translate('app.ticket.eshop.emailTemplate')} (${locale})`}
          value={html}
          onChange={(event) =>
            setValue(`email.template.${locale}`, event.target.value, { shouldDirty: true })
          }
          multiline
          minRows={16}
          slotProps={{ input: { sx: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
        <Box
          component="iframe"
          title={translate('app.ticket.eshop.preview')}
          sandbox=""
          srcDoc={html}
          sx={{ width: '100%', minHeight: 400, border: 1, borderColor: 'divider', bgcolor: 'white' }}
        />
      </Box>
    </Box>
  );
};
