import { Stack } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Right, can } from '../../../domain/rights';
import type { Pass } from '../../../domain/schemas/pass';
import type { Template } from '../../../domain/schemas/template';
import { IMAGE_TYPES } from '../../../domain/template/limits';
import { useItemEdit } from '../../common/ItemEditContext';
import { useViewer } from '../../common/useViewer';
import type { Widgets } from '../../common/generated/widgets';
import { WalletCheck } from '../../common/WalletCheck';
import { DynamicDataInput } from './DynamicDataInput';
import { DynamicImageInput } from './DynamicImageInput';
import { PassGooglePayTab } from './PassGooglePayTab';
import { PassLinkButtons } from './PassLinkButtons';
import { PushResults } from './PushResults';
import { TemplateChoice } from './TemplateChoice';
import { usePassTabState } from './usePassTabState';
import { useTemplateOf } from './useTemplateOf';
import { VoidedInput } from './VoidedInput';

/**
 * The pass's template: on a New page one of a project where the viewer holds PASS_CREATE, on a pass's page one of
 * the pass's project.
 */
const PassTemplateInput = () => {
  const { viewer } = useViewer();
  const pass = useRecordContext<Pass>();
  const { readOnly } = useItemEdit();
  const only = pass
    ? (template: Template) => template.projectId === pass.projectId
    : (template: Template) => (viewer ? can(viewer, Right.PASS_CREATE, template.projectId) : false);
  return <TemplateChoice only={only} readOnly={readOnly} />;
};

const PassVoidedInput = () => <VoidedInput readOnly={useItemEdit().readOnly} />;

const PassDynamicDataInput = () => <DynamicDataInput readOnly={useItemEdit().readOnly} />;

/** An image per type, replacing the template's (its pass.json says which types and languages there are). */
const PassDynamicImages = () => {
  const templateId = useWatch({ name: 'templateId' }) as string | null | undefined;
  const { template } = useTemplateOf(templateId);
  const { readOnly } = useItemEdit();
  if (!template) return null;
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      {IMAGE_TYPES.map((type) => (
        <DynamicImageInput key={type} type={type} template={template} readOnly={readOnly} />
      ))}
    </Stack>
  );
};

const PassWalletCheck = () => <WalletCheck resource="pass" id={useRecordContext<Pass>()?.id} />;

/** The pushes sent for the pass, for administrators. */
const PassPushResults = () => {
  const pass = useRecordContext<Pass>();
  const isAdmin = useViewer().viewer?.isAdmin === true;
  return isAdmin ? <PushResults passId={pass?.id} /> : null;
};

/**
 * The pieces of a pass's page and of the New pass page: the template choice, voided, the dynamic data and images,
 * Google Pay, the links, the Wallet check and the pushes; its tabs by its template.
 */
export const passPageWidgets: Widgets = {
  fields: {
    passTemplateInput: PassTemplateInput,
    passVoided: PassVoidedInput,
    passDynamicData: PassDynamicDataInput,
    passDynamicImages: PassDynamicImages,
    passGooglePay: PassGooglePayTab,
    passLinks: PassLinkButtons,
    passWalletCheck: PassWalletCheck,
    passPushResults: PassPushResults,
  },
  tabStates: { passTemplate: usePassTabState },
};
