import { SelectInput, TextInput, useGetList } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Certificate } from '../../../domain/schemas/certificate';

const emptyToNull = (value: unknown) => (value === '' ? null : value);
const nullToEmpty = (value: unknown) => value ?? '';

/**
 * The template's signing certificate. Only admins may read certificates: they choose among the
 * certificates of the template's project; others see the certificate's id.
 */
export const CertificateInput = ({ isAdmin, readOnly }: { isAdmin: boolean; readOnly?: boolean }) => {
  const projectId = useWatch({ name: 'projectId' }) as string | undefined;
  const { data, isPending } = useGetList<Certificate>(
    'passes/certificate',
    {
      filter: { projectId },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'name', order: 'ASC' },
    },
    { enabled: isAdmin && Boolean(projectId) },
  );
  if (!isAdmin) return <TextInput source="certificateId" readOnly format={nullToEmpty} />;
  return (
    <SelectInput
      source="certificateId"
      choices={data ?? []}
      optionText="name"
      optionValue="id"
      emptyText="app.template.noCertificate"
      isPending={Boolean(projectId) && isPending}
      parse={emptyToNull}
      format={nullToEmpty}
      readOnly={readOnly}
    />
  );
};
