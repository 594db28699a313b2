import { Alert, FormHelperText } from '@mui/material';
import { useTranslate } from 'react-admin';
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
 * /templateIds/{i}, which no input of one template shows), and the warnings of the ticket contract, which do not
 * block saving.
 */
export const ProductTemplateNotes = ({ warnings = [] }: { warnings?: readonly string[] }) => {
  const translate = useTranslate();
  const { errors } = useFormState({ name: 'templateIds' });
  const refused = [...new Set(serverMessages(errors.templateIds))];
  return (
    <>
      {refused.map((message) => (
        <FormHelperText key={message} error role="alert" sx={{ mt: -1, mb: 1 }}>
          {message}
        </FormHelperText>
      ))}
      {warnings.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2, maxWidth: 720 }}>
          {translate('app.ticket.contract.warnings')}
          <ul style={{ margin: 0 }}>
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Alert>
      )}
    </>
  );
};
