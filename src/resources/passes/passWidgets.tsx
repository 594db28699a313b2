import { lazy } from 'react';
import { AutocompleteInput, FunctionField } from 'react-admin';
import type { Pass } from '../../../domain/schemas/pass';
import type { WidgetProps, Widgets } from '../../common/generated/widgets';
import { useRowAccess } from '../../common/useRowAccess';
import { WholeIdFilterInput } from '../../common/WholeIdFilterInput';
import { useTemplateRegister } from '../templates/useTemplateRegister';
import { PassExportButton } from './PassExportButton';
import { shortJson } from './passLinks';
import { usePassTabState } from './usePassTabState';

/** The pass page's pieces load with the page, not with the list. */
const pagePiece = (name: keyof typeof import('./PassPageWidgets')) =>
  lazy(() => import('./PassPageWidgets').then((module) => ({ default: module[name] })));

/**
 * The template filter: a template by name (the register, of the projects whose passes the viewer reads) for a
 * viewer who may read templates, else its whole id typed.
 */
const PassTemplateFilter = ({ source = 'templateId' }: WidgetProps) => {
  const { templates, canRead } = useTemplateRegister();
  const readsPasses = useRowAccess('list');
  if (!canRead) return <WholeIdFilterInput source={source} />;
  const choices = templates
    .filter((template) => readsPasses({ id: template.id, projectId: template.projectId }))
    .map((template) => ({ id: template.id, name: template.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return <AutocompleteInput source={source} choices={choices} />;
};

/**
 * The passes' own pieces: the dynamic data as compact JSON, the template filter, the spreadsheet export; on its
 * page the template choice, voided, the dynamic data and images, Google Pay, the links, the Wallet check and the
 * pushes; its tabs by its template.
 */
export const passWidgets: Widgets = {
  fields: {
    passData: (props: WidgetProps) => (
      <FunctionField<Pass> {...props} render={(pass) => shortJson(pass.dynamicData)} />
    ),
    passTemplate: PassTemplateFilter,
    passExport: PassExportButton,
    passTemplateInput: pagePiece('PassTemplateInput'),
    passVoided: pagePiece('PassVoidedInput'),
    passDynamicData: pagePiece('PassDynamicDataInput'),
    passDynamicImages: pagePiece('PassDynamicImages'),
    passGooglePay: lazy(() =>
      import('./PassGooglePayTab').then((module) => ({ default: module.PassGooglePayTab })),
    ),
    passLinks: lazy(() =>
      import('./PassLinkButtons').then((module) => ({ default: module.PassLinkButtons })),
    ),
    passWalletCheck: pagePiece('PassWalletCheck'),
    passPushResults: pagePiece('PassPushResults'),
  },
  tabStates: { passTemplate: usePassTabState },
};
