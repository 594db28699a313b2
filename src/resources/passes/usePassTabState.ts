import { useWatch } from 'react-hook-form';
import type { TabState } from '../../common/generated/widgets';
import { dynamicDataProblems } from './dynamicData';
import { useTemplateOf } from './useTemplateOf';

/**
 * A pass's tabs follow its template: Dynamic images only with a pass.json, Save to Google Pay only with a Google
 * object template; Dynamic data marked while the data does not match the template's schema.
 */
export function usePassTabState(): TabState {
  const [templateId, dynamicData] = useWatch({ name: ['templateId', 'dynamicData'] }) as [string, unknown];
  const { template } = useTemplateOf(templateId);
  return {
    hidden: [
      ...(template?.jsonTemplate ? [] : ['dynamicImages']),
      ...(template?.saveToGooglePayObjectTemplate ? [] : ['googlePay']),
    ],
    troubled:
      template && dynamicDataProblems(template.dynamicDataJsonSchema, dynamicData).length > 0
        ? ['dynamicData']
        : [],
  };
}
