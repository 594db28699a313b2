import { Alert } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { TemplateCheck } from '../../../../domain/template/validateTemplate';
import { WalletCheck } from '../../passes/WalletCheck';
import { ProblemList } from '../ProblemList';

/** Admins: every validation error and warning of the template, by path, then its Apple Wallet pre-flight. */
export const TemplateErrorTab = ({ check }: { check: TemplateCheck }) => {
  const translate = useTranslate();
  const record = useRecordContext<{ id: string }>();
  const clean = check.errors.length === 0 && check.warnings.length === 0;
  return (
    <>
      {clean && <Alert severity="success">{translate('app.template.noProblems')}</Alert>}
      <ProblemList problems={check.errors} title="app.template.errors" />
      <ProblemList problems={check.warnings} severity="warning" title="app.template.warnings" />
      <WalletCheck resource="template" id={record?.id} />
    </>
  );
};
