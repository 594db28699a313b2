import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { describeProblem, useProductChecks, useProductFieldLabel } from './productValidation';

/**
 * Above the product's tabs: its problems (spec section 5 and the ticket contract of its templates), checked on every
 * change and from the moment the form opens.
 */
export const ProductProblemList = () => {
  const translate = useTranslate();
  const labelOf = useProductFieldLabel();
  const { problemsOf } = useProductChecks();
  const problems = problemsOf(useWatch());
  if (problems.length === 0) return null;
  return (
    <Alert
      severity="error"
      sx={{ width: '100%', mb: 2 }}
      role="alert"
      aria-label={translate('app.ticket.product.problems')}
    >
      {translate('app.ticket.product.problems')}
      <ul style={{ margin: 0 }}>
        {problems.map((problem) => (
          <li key={`${problem.path}-${problem.message}`}>{describeProblem(problem, labelOf)}</li>
        ))}
      </ul>
    </Alert>
  );
};
