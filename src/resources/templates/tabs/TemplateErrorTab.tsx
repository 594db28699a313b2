import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TemplateCheck } from '../../../../domain/template/validateTemplate';
import { ProblemList } from '../ProblemList';

/** Admins: every validation error and warning of the template, by path. */
export const TemplateErrorTab = ({ check }: { check: TemplateCheck }) => {
  const translate = useTranslate();
  if (check.errors.length === 0 && check.warnings.length === 0)
    return <Alert severity="success">{translate('app.template.noProblems')}</Alert>;
  return (
    <>
      <ProblemList problems={check.errors} title="app.template.errors" />
      <ProblemList problems={check.warnings} severity="warning" title="app.template.warnings" />
    </>
  );
};
