import { Alert, LinearProgress } from '@mui/material';
import { lazy, memo, Suspense, useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Template } from '../../../domain/schemas/template';
import { problemsIn } from '../../../domain/problem';
import { validateTemplate, type TemplateCheck } from '../../../domain/template/validateTemplate';
import { FormTabs, type FormTab } from '../../common/FormTabs';
import { JsonTab } from '../../common/JsonTab';
import { GoogleWalletTab } from './tabs/GoogleWalletTab';
import { RelevanceTab } from './tabs/RelevanceTab';
import { TemplateErrorTab } from './tabs/TemplateErrorTab';
import { TemplateInputs } from './TemplateInputs';
import { areaOfPath, type TemplateArea } from '../../common/templateAreas';
import { templateParts } from './templateValues';

/** The template's problems as the user reads them: in the console's language. */
const checkIn = (check: TemplateCheck, language: string): TemplateCheck => ({
  errors: problemsIn(check.errors, language),
  warnings: problemsIn(check.warnings, language),
});

// The designer brings the barcode symbologies: loaded when a template is opened, not with the console.
const Designer = lazy(() =>
  import('../../designer/Designer').then((module) => ({ default: module.Designer })),
);

// The general inputs follow their own fields: a keystroke in the designer does not re-render them.
const GeneralInputs = memo(TemplateInputs);

export interface TemplateTabsProps {
  isAdmin: boolean;
  /** without TEMPLATE_UPDATE the template is only shown */
  readOnly: boolean;
  /** a save was refused: the problems are pointed out */
  touched: boolean;
}

/**
 * The template editor's tabs: General, Designer (default), Relevance keys; for admins also Json, Error
 * and Google Wallet. The template is validated live, its problems in the console's language; a tab holding
 * errors is marked.
 */
export const TemplateTabs = ({ isAdmin, readOnly, touched }: TemplateTabsProps) => {
  const translate = useTranslate();
  const values = useWatch() as Partial<Template>;
  const [language] = useLocaleState();
  const check = useMemo(() => checkIn(validateTemplate(templateParts(values)), language), [values, language]);
  const problemsOf = (area: TemplateArea) =>
    check.errors.filter((problem) => areaOfPath(problem.path) === area);
  const hasErrors = (area: TemplateArea) => problemsOf(area).length > 0;
  const label = (tab: string) => translate(`app.template.tab.${tab}`);

  const tabs: FormTab[] = [
    {
      key: 'general',
      label: label('general'),
      error: hasErrors('general'),
      content: <GeneralInputs mode="edit" isAdmin={isAdmin} readOnly={readOnly} />,
    },
    {
      key: 'designer',
      label: label('designer'),
      lazy: true,
      error: hasErrors('designer'),
      content: (
        <Suspense fallback={<LinearProgress />}>
          <Designer readOnly={readOnly} errors={check.errors} warnings={check.warnings} />
        </Suspense>
      ),
    },
    {
      key: 'relevance',
      label: label('relevance'),
      lazy: true,
      error: hasErrors('relevance'),
      content: <RelevanceTab problems={problemsOf('relevance')} readOnly={readOnly} />,
    },
  ];
  if (isAdmin) {
    tabs.push(
      {
        key: 'json',
        label: label('json'),
        lazy: true,
        content: <JsonTab label={label('json')} readOnly={readOnly} minRows={24} />,
      },
      {
        key: 'error',
        label: label('error'),
        lazy: true,
        error: check.errors.length > 0,
        content: <TemplateErrorTab check={check} />,
      },
      {
        key: 'googlePay',
        label: label('googlePay'),
        lazy: true,
        content: <GoogleWalletTab label={label('googlePay')} readOnly={readOnly} />,
      },
    );
  }
  return (
    <>
      {touched && check.errors.length > 0 && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate('app.messages.correctHighlighted')}
        </Alert>
      )}
      <FormTabs tabs={tabs} defaultTab="designer" />
    </>
  );
};
