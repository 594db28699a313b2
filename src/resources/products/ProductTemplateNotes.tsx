import { FormHelperText } from '@mui/material';
import { useFormState } from 'react-hook-form';

/** The messages of a refusal by the server (type 'server'), each kept once: `{ 0: '…', 1: '…' }` or one text. */
function serverMessages(error: unknown): string[] {
  if (!error || typeof error !== 'object') return [];
  const { message, type } = error as { message?: unknown; type?: unknown };
  if (typeof message === 'string') return type === 'server' ? [message] : [];
  return Object.values(error).flatMap(serverMessages);
}

/**
 * Under the templates input: what the server said of them when it refused the product (its problems at
 * /templateIds/{i}, which no input of one template shows).
 */
export const ProductTemplateNotes = () => {
  const { errors } = useFormState({ name: 'templateIds' });
  const refused = [...new Set(serverMessages(errors.templateIds))];
  return (
    <>
      {refused.map((message) => (
        <FormHelperText key={message} error role="alert" sx={{ mt: -1, mb: 1 }}>
          {message}
        </FormHelperText>
      ))}
    </>
  );
};
