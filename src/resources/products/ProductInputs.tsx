import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { FormTabs, type FormTab } from '../../common/FormTabs';
import { JsonTab } from '../../common/JsonTab';
import { ProductBasicInputs } from './ProductBasicInputs';
import { ProductEventInputs } from './ProductEventInputs';
import { ProductLocalizationInputs } from './ProductLocalizationInputs';
import { ProductPeriodInputs } from './ProductPeriodInputs';
import { ProductProblemList } from './ProductProblemList';
import { ProductServiceInputs } from './ProductServiceInputs';
import { tabOfProblem, useProductChecks } from './productValidation';
import { useProductEshop } from './useProductEshop';

/**
 * A product's tabs, for New and Edit: Edit, Localization, Validity, Event; admins also Ticket service and JSON.
 * The rules of spec section 5 and the ticket contract of its templates run on every render (so on mount too):
 * problems are listed and their tabs marked.
 */
export const ProductInputs = ({ isAdmin }: { isAdmin: boolean }) => {
  const translate = useTranslate();
  const { locales } = useProductEshop();
  const { problemsOf } = useProductChecks();
  const values = useWatch();
  const problems = problemsOf(values);
  const hasError = (tab: string) => problems.some((problem) => tabOfProblem(problem.path) === tab);
  const label = (tab: string) => translate(`app.ticket.tab.${tab}`);
  const tabs: FormTab[] = [
    {
      key: 'edit',
      label: label('edit'),
      error: hasError('edit'),
      content: <ProductBasicInputs />,
    },
    {
      key: 'localization',
      label: label('localization'),
      error: hasError('localization'),
      content: <ProductLocalizationInputs locales={locales} />,
    },
    {
      key: 'validity',
      label: label('validity'),
      error: hasError('validity'),
      content: <ProductPeriodInputs />,
    },
    {
      key: 'event',
      label: label('event'),
      error: hasError('event'),
      content: <ProductEventInputs />,
    },
  ];
  if (isAdmin) {
    tabs.push({ key: 'ticketService', label: label('ticketService'), content: <ProductServiceInputs /> });
    tabs.push({
      key: 'json',
      label: label('json'),
      content: (
        <JsonTab label={label('json')} schemaLabel={translate('app.ticket.product.schema')} minRows={20} />
      ),
      lazy: true,
    });
  }
  return (
    <>
      <ProductProblemList problems={problems} />
      <FormTabs tabs={tabs} />
    </>
  );
};
