import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { describeProblem, type ProductFormProblem } from './productValidation';

/** The product's problems, shown from the moment the form opens (validated on mount). */
export const ProductProblemList = ({ problems }: { problems: ProductFormProblem[] }) => {
  const translate = useTranslate();
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
          <li key={`${problem.path}-${problem.message}`}>{describeProblem(problem)}</li>
        ))}
      </ul>
    </Alert>
  );
};
