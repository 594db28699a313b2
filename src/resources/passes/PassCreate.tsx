import { ItemCreate } from '../../common/ItemCreate';
import { PassInputs } from './PassInputs';

/** New pass (/passes/pass/new; global PASS_CREATE): a template, its dynamic data, Save opens the pass. */
export const PassCreate = () => (
  <ItemCreate defaultValues={{ templateId: null, dynamicData: null }}>
    <PassInputs mode="create" />
  </ItemCreate>
);
