import { TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useItemEdit } from '../../common/ItemEditContext';

/** The Email tab: the order email's subject and HTML template per locale. */
export const EshopEmailInputs = () => {
  const translate = useTranslate();
  const { readOnly } = useItemEdit();
  const locales = (useWatch({ name: 'locales' }) as string[] | undefined) ?? [];
  return (
    <>
      {locales.map((locale) => (
        <div key={locale} style={{ width: '100%' }}>
          <TextInput
            source={`email.subject.${locale}`}
            label={`${translate('app.ticket.eshop.emailSubject')} (${locale})`}
            fullWidth
            readOnly={readOnly}
          />
          <TextInput
            source={`email.template.${locale}`}
            label={`${translate('app.ticket.eshop.emailTemplate')} (${locale})`}
            multiline
            minRows={6}
            fullWidth
            readOnly={readOnly}
          />
        </div>
      ))}
    </>
  );
};
