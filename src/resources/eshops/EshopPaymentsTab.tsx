import { Alert, Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import {
  BooleanInput,
  PasswordInput,
  SelectInput,
  TextInput,
  useDataProvider,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Eshop } from '../../../domain/schemas/eshop';
import type { GatewayTestAnswer, PaymentGatewayKind } from '../../../domain/schemas/paymentGateway';
import { useConfig } from '../../config';
import { useItemEdit } from '../../common/ItemEditContext';
import type { ConsoleDataProvider } from '../../dataProviders/consoleDataProvider';
import { errorMessage } from '../../dataProviders/httpClient';

const KINDS: PaymentGatewayKind[] = ['simulated', 'stripe', 'gopay'];

/** Where the provider tells about payments: given to Stripe as the webhook endpoint; GoPay is told with each payment. */
const notifyPath = (ticketApi: string, eshopId: string, kind: PaymentGatewayKind) =>
  `${ticketApi}/public/v1/eshop/${eshopId}/gateway/${kind}`;

/** A secret's input: empty keeps the stored one, which is never shown (the API answers only that it is set). */
const SecretInput = ({ name, set }: { name: string; set: boolean | undefined }) => {
  const translate = useTranslate();
  const { readOnly } = useItemEdit();
  return (
    <PasswordInput
      source={`paymentGateway.${name}`}
      label={`app.ticket.eshop.gateway.${name}`}
      autoComplete="new-password"
      readOnly={readOnly}
      helperText={translate(
        set ? 'app.ticket.eshop.gateway.secretKept' : 'app.ticket.eshop.gateway.secretNeeded',
      )}
      fullWidth
    />
  );
};

/**
 * The Payments tab: which gateway takes the e-shop's payments (the simulated bank, Stripe or GoPay), its settings
 * and secrets (write-only), the address to give the provider, and Test connection of the saved settings.
 */
export const EshopPaymentsTab = () => {
  const translate = useTranslate();
  const eshop = useRecordContext<Eshop>();
  const { ticketApi } = useConfig();
  const { readOnly } = useItemEdit();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const kind = (useWatch({ name: 'paymentGateway.kind' }) as PaymentGatewayKind | undefined) ?? 'simulated';
  const saved = eshop?.paymentGateway;
  const savedSet = (name: string) =>
    saved?.kind === kind ? (saved as Record<string, unknown>)[`${name}Set`] === true : false;
  const [test, setTest] = useState<{ busy: boolean; answer?: GatewayTestAnswer; error?: string }>({
    busy: false,
  });

  const testConnection = async () => {
    if (!eshop?.id) return;
    setTest({ busy: true });
    try {
      setTest({ busy: false, answer: await dataProvider.testPaymentGateway(String(eshop.id)) });
    } catch (error) {
      setTest({ busy: false, error: errorMessage(error) });
    }
  };

  return (
    <Box sx={{ width: '100%', maxWidth: 640 }}>
      <SelectInput
        source="paymentGateway.kind"
        label="app.ticket.eshop.gateway.kind"
        choices={KINDS.map((id) => ({ id, name: `app.ticket.eshop.gateway.kinds.${id}` }))}
        readOnly={readOnly}
        isRequired
      />
      {kind === 'simulated' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.ticket.simulatedPayments')}
        </Alert>
      )}
      {kind !== 'simulated' && (
        <>
          <BooleanInput
            source="paymentGateway.test"
            label="app.ticket.eshop.gateway.test"
            helperText="app.ticket.eshop.gateway.testHelp"
            readOnly={readOnly}
          />
          {kind === 'gopay' && (
            <>
              <TextInput
                source="paymentGateway.goid"
                label="app.ticket.eshop.gateway.goid"
                readOnly={readOnly}
                fullWidth
              />
              <TextInput
                source="paymentGateway.clientId"
                label="app.ticket.eshop.gateway.clientId"
                readOnly={readOnly}
                fullWidth
              />
              <SecretInput name="clientSecret" set={savedSet('clientSecret')} />
            </>
          )}
          {kind === 'stripe' && (
            <>
              <SecretInput name="secretKey" set={savedSet('secretKey')} />
              <SecretInput name="webhookSecret" set={savedSet('webhookSecret')} />
            </>
          )}
          <TextInput
            source="paymentGateway.apiBase"
            label="app.ticket.eshop.gateway.apiBase"
            helperText="app.ticket.eshop.gateway.apiBaseHelp"
            readOnly={readOnly}
            fullWidth
          />
          {eshop?.id && (
            <Typography variant="body2" sx={{ mb: 2, wordBreak: 'break-all' }}>
              {translate(`app.ticket.eshop.gateway.notify.${kind}`)}{' '}
              <code>{`${window.location.origin}${notifyPath(ticketApi, String(eshop.id), kind)}`}</code>
            </Typography>
          )}
        </>
      )}
      {eshop?.id && !readOnly && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" disabled={test.busy} onClick={() => void testConnection()}>
            {translate('app.ticket.eshop.gateway.testConnection')}
          </Button>
          <Typography variant="caption">{translate('app.ticket.eshop.gateway.testSaved')}</Typography>
        </Box>
      )}
      {test.answer && (
        <Alert severity={test.answer.ok ? 'success' : 'error'} sx={{ mt: 2 }} role="status">
          {test.answer.message}
        </Alert>
      )}
      {test.error && (
        <Alert severity="error" sx={{ mt: 2 }} role="status">
          {test.error}
        </Alert>
      )}
    </Box>
  );
};
