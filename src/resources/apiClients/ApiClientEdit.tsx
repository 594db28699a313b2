import { ItemEdit } from '../../common/ItemEdit';
import { ApiClientInputs } from './ApiClientInputs';

export const ApiClientEdit = () => (
  <ItemEdit canDelete>
    <ApiClientInputs mode="edit" />
  </ItemEdit>
);
