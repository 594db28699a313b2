import { Alert } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { TemplateCheck } from '../../../../domain/template/validateTemplate';
import { useWalletPreflight } from '../../../common/useWalletPreflight';
import { WalletCheck } from '../../../common/WalletCheck';
import { ProblemList } from '../../../common/ProblemList';
import { templateCheckSummary } from '../templateCheckSummary';

/** Admins: every validation error and warning of the template, by path, then its Apple Wallet pre-flight. */
export const TemplateErrorTab = ({ check }: { check: TemplateCheck }) => {
  const translate = useTranslate();
  const record = useRecordContext<{ id: string }>();
  const { data: preflight } = useWalletPreflight('template', record?.id);
  const summary = templateCheckSummary(check, preflight);
  return (
    <>
      {summary && (
        <Alert severity={summary.severity} sx={{ mb: 2 }}>
          {translate(summary.message)}
        </Alert>
      )}
      <ProblemList problems={check.errors} title="app.template.errors" />
      <ProblemList problems={check.warnings} severity="warning" title="app.template.warnings" />
      <WalletCheck resource="template" id={record?.id} />
    </>
  );
};
