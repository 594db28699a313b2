import { Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { IMAGE_TYPES } from '../../../domain/template/limits';
import { FormTabs, type FormTab } from '../../common/FormTabs';
import { JsonTab } from '../../common/JsonTab';
import { DynamicDataInput } from './DynamicDataInput';
import { DynamicImageInput } from './DynamicImageInput';
import { dynamicDataProblems } from './dynamicData';
import { PassGooglePayTab } from './PassGooglePayTab';
import { PassInputs } from './PassInputs';
import { useTemplateOf } from './useTemplateOf';

/**
 * A pass's tabs: General, Dynamic data, Dynamic images (when its template has a pass.json), JSON
 * (admins) and Save to Google Pay (when its template has a Google Pay object template).
 */
export const PassTabs = ({ isAdmin, readOnly }: { isAdmin: boolean; readOnly: boolean }) => {
  const translate = useTranslate();
  const [templateId, dynamicData] = useWatch({ name: ['templateId', 'dynamicData'] }) as [string, unknown];
  const { template } = useTemplateOf(templateId);
  const label = (tab: string) => translate(`app.pass.tab.${tab}`);
  const tabs: FormTab[] = [
    { key: 'general', label: label('general'), content: <PassInputs mode="edit" readOnly={readOnly} /> },
    {
      key: 'dynamicData',
      label: label('dynamicData'),
      error: template ? dynamicDataProblems(template.dynamicDataJsonSchema, dynamicData).length > 0 : false,
      content: <DynamicDataInput readOnly={readOnly} />,
    },
  ];
  if (template?.jsonTemplate) {
    tabs.push({
      key: 'dynamicImages',
      label: label('dynamicImages'),
      content: (
        <Stack spacing={2} sx={{ width: '100%' }}>
          {IMAGE_TYPES.map((type) => (
            <DynamicImageInput key={type} type={type} template={template} readOnly={readOnly} />
          ))}
        </Stack>
      ),
    });
  }
  if (isAdmin)
    tabs.push({
      key: 'json',
      label: label('json'),
      content: <JsonTab label={label('json')} readOnly={readOnly} />,
    });
  if (template?.saveToGooglePayObjectTemplate) {
    tabs.push({ key: 'googlePay', label: label('googlePay'), content: <PassGooglePayTab /> });
  }
  return <FormTabs tabs={tabs} />;
};
