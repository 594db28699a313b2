import { AutocompleteArrayInput } from 'react-admin';
import { useTemplateRegister } from '../templates/useTemplateRegister';
import { ProductTemplateNotes } from './ProductTemplateNotes';

/** The templates the product's passes are issued from, by name, and what the server said of them on a refusal. */
export const ProductTemplatesInput = () => {
  const { templates } = useTemplateRegister();
  return (
    <>
      <AutocompleteArrayInput
        source="templateIds"
        choices={templates.map((template) => ({ id: template.id, name: template.name }))}
        sx={{ minWidth: 320 }}
      />
      <ProductTemplateNotes />
    </>
  );
};
