import { LinearProgress } from '@mui/material';
import { useGetList } from 'react-admin';
import type { Eshop } from '../../../domain/schemas/eshop';
import { defaultProduct } from '../../../domain/ticket/defaults';
import { ticketTemplateProblems } from '../../../domain/ticket/ticketTemplateCheck';
import { AccessGuard } from '../../common/AccessGuard';
import { ItemCreate } from '../../common/ItemCreate';
import { useViewer } from '../../common/useViewer';
import { defaultSortOf } from '../../dataProviders/resourceRegistry';
import { useTemplateRegister } from '../templates/useTemplateRegister';
import { productBody } from './productBody';
import { ProductInputs } from './ProductInputs';
import { useProductBeforeSave, useProductChecks } from './productValidation';
import { ESHOP_RESOURCE } from './useProductEshop';

/**
 * New product (spec section 3 defaults): under the first e-shop of the list, with a template of its project (one on
 * the ticket contract when there is one).
 * The guard first: the defaults are read from the e-shops and templates.
 */
export const ProductCreate = () => (
  <AccessGuard action="create">
    <ProductCreateView />
  </AccessGuard>
);

const ProductCreateView = () => {
  const { viewer } = useViewer();
  const { data: eshops, isPending } = useGetList<Eshop>(ESHOP_RESOURCE, {
    pagination: { page: 1, perPage: 1 },
    sort: defaultSortOf(ESHOP_RESOURCE),
  });
  const { templates, isPending: templatesPending } = useTemplateRegister();
  const { rules } = useProductChecks();
  const beforeSave = useProductBeforeSave();
  if (isPending || templatesPending) return <LinearProgress />;
  const eshop = eshops?.[0];
  // a template that can issue tickets first: the new product is then valid as it opens
  const ofProject = templates.filter((candidate) => candidate.projectId === eshop?.projectId);
  const template =
    ofProject.find((candidate) => ticketTemplateProblems(candidate, null).errors.length === 0) ??
    ofProject[0] ??
    templates[0];
  const defaults = eshop ? defaultProduct(eshop, template?.id ?? '') : undefined;
  if (defaults && !template) defaults.templateIds = [];
  return (
    <ItemCreate defaultValues={defaults} rules={rules} transform={productBody} beforeSave={beforeSave}>
      <ProductInputs isAdmin={viewer?.isAdmin ?? false} />
    </ItemCreate>
  );
};
