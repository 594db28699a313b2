import type { FormChecks, Widgets } from '../../common/generated/widgets';
import { ProductEshopColumn, ProductEshopFilter, ProductEshopInput } from './ProductEshopWidgets';
import { ProductNameColumn } from './ProductListColumns';
import { ProductLocalizationInputs } from './ProductLocalizationInputs';
import { ProductPeriodInputs } from './ProductPeriodInputs';
import { ProductProblemList } from './ProductProblemList';
import { ProductServiceInputs } from './ProductServiceInputs';
import { ProductTemplatesInput } from './ProductTemplatesInput';
import { PriceWithVatField } from './PriceWithVatField';
import { productBody } from './productBody';
import { useProductBeforeSave, useProductChecks } from './productValidation';
import { useNewProduct } from './useNewProduct';

/** Spec section 5: the product's rules for the validator and its tabs' marks, and Save and Apply only for a product that passes them. */
function useProductFormChecks(): FormChecks {
  const { rules, problemsOf } = useProductChecks();
  return { rules, problemsOf, beforeSave: useProductBeforeSave() };
}

/**
 * The products' own pieces: the e-shop picker, column and filter, the name flagged by the ticket contract, VAT as a
 * percentage with the price it gives, the templates, the localization, validity and (admins) ticket service tabs,
 * the problem list; the body Save sends, the checks, and a new product's spec defaults.
 */
export const productWidgets: Widgets = {
  fields: {
    productEshopInput: ProductEshopInput,
    productEshopColumn: ProductEshopColumn,
    productEshopFilter: ProductEshopFilter,
    productNameColumn: ProductNameColumn,
    priceWithVat: PriceWithVatField,
    productTemplatesInput: ProductTemplatesInput,
    productLocalization: ProductLocalizationInputs,
    productPeriod: ProductPeriodInputs,
    productService: ProductServiceInputs,
    productProblems: ProductProblemList,
  },
  transforms: { productBody },
  checks: { productChecks: useProductFormChecks },
  createDefaults: useNewProduct,
};
