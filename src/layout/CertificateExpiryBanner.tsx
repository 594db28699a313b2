import { Alert, Button, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LinkBase, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { holdsSomewhere } from '../../domain/rights';
import { certificateResource, type ExpiringCertificate } from '../../domain/schemas/certificate';
import { useViewer } from '../common/useViewer';
import type { CoreDataProvider } from '../dataProviders/coreDataProvider';

/** Hidden for the rest of the browser session once its viewer closed it (per certificate and state). */
const DISMISSED_KEY = 'passbase.certificateBanner.dismissed';

const keyOf = (certificate: ExpiringCertificate) => `${certificate.id}:${certificate.state}`;

function dismissedKeys(): string[] {
  try {
    return JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

/**
 * Above every screen, for whoever manages certificates (administrators): each certificate that expires within 30
 * days or has expired, named with its pass type id and date, and what to do. Read once per load of the console;
 * closing it hides it for the browser session.
 */
export const CertificateExpiryBanner = () => {
  const { viewer } = useViewer();
  const manages = viewer !== null && holdsSomewhere(viewer, certificateResource.access.update);
  const dataProvider = useDataProvider<CoreDataProvider>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [dismissed, setDismissed] = useState(dismissedKeys);
  const { data = [] } = useQuery({
    queryKey: ['certificate', 'expiring', viewer?.id],
    queryFn: () => dataProvider.getExpiringCertificates(),
    enabled: manages,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const shown = manages ? data.filter((certificate) => !dismissed.includes(keyOf(certificate))) : [];
  if (shown.length === 0) return null;
  const dismiss = (certificate: ExpiringCertificate) => {
    const next = [...dismissed, keyOf(certificate)];
    setDismissed(next);
    try {
      sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    } catch {
      // a browser without storage shows it again on the next load
    }
  };
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {shown.map((certificate) => (
        <Alert
          key={certificate.id}
          role="alert"
          severity={certificate.state === 'expired' ? 'error' : 'warning'}
          onClose={() => dismiss(certificate)}
          slotProps={{ closeButton: { title: translate('app.certificate.bannerDismiss') } }}
        >
          {translate(
            certificate.state === 'expired'
              ? 'app.certificate.bannerExpired'
              : 'app.certificate.bannerExpiring',
            {
              name: certificate.name,
              passTypeId: certificate.passTypeId ?? '—',
              date: new Date(certificate.expiration).toLocaleDateString(locale),
            },
          )}{' '}
          <Button
            component={LinkBase}
            to={`/passes/certificate/${certificate.id}`}
            size="small"
            color="inherit"
          >
            {translate('app.certificate.bannerOpen')}
          </Button>
        </Alert>
      ))}
    </Stack>
  );
};
