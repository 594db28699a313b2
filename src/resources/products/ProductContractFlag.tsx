import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { Box, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Product } from '../../../domain/schemas/product';
import { productTemplateProblems } from '../../../domain/ticket/ticketTemplateCheck';
import { useTemplateRegister } from '../templates/useTemplateRegister';
import { useContractWords } from './productValidation';

/**
 * In the product list: a warning sign on a product whose templates cannot issue its tickets (the ticket contract),
 * its tooltip naming each problem. Nothing for a product that fits, or whose templates the viewer cannot read.
 */
export const ProductContractFlag = () => {
  const product = useRecordContext<Product>();
  const translate = useTranslate();
  const { byId } = useTemplateRegister();
  const words = useContractWords();
  if (!product) return null;
  const errors = productTemplateProblems(product.templateIds, (id) => byId.get(id), product.event);
  if (errors.length === 0) return null;
  const title = translate('app.ticket.contract.flag');
  return (
    <Tooltip
      title={
        <Box>
          <strong>{title}</strong>
          <ul style={{ margin: 0, paddingLeft: 16 }}>
            {errors.map((problem) => (
              <li key={`${problem.template.id}${problem.path}${problem.message}`}>{words(problem)}</li>
            ))}
          </ul>
        </Box>
      }
    >
      <ReportProblemIcon color="error" fontSize="small" titleAccess={title} />
    </Tooltip>
  );
};
