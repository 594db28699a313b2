import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useCanAccess, useDataProvider, useLocale, useTranslate } from 'react-admin';
import { MAX_ENTRY_CODE_LENGTH, type EntryAnswer } from '../../domain/schemas/ticketEntry';
import type { ConsoleDataProvider } from '../dataProviders/consoleDataProvider';
import { BarcodeScanner, barcodeScanAvailable } from '../common/BarcodeScanner';
import { AccessDeniedPage } from '../pages/ErrorPage';
import { GateAnswer, type GateAnswerView } from './GateAnswer';
import { gateFeedback } from './gateFeedback';
import { isNetworkFailure, offlineListExpiry } from './offlineGate';
import { OfflineListValidity } from './OfflineListValidity';
import { useOfflineGate } from './useOfflineGate';

export const GATE_RESOURCE = 'ticket/validation';

const viewOf = (answer: EntryAnswer, code: string): GateAnswerView => ({
  result: answer.result,
  code,
  productName: answer.orderItem?.product.name,
  itemNumber: answer.orderItem?.itemNumber,
  entriesLeft: answer.entriesLeft,
  maxEntries: answer.orderItem?.product.maxEntries,
  validFrom: answer.orderItem?.validFrom,
  validTo: answer.orderItem?.validTo,
});

/**
 * /ticket/validation (admins and TICKET_ENTRY holders): the gate, for a phone held in one hand. A code is typed
 * (Enter checks it) or scanned with the camera; the answer fills the screen with a sound and a vibration, and the
 * input is empty and focused again at once for the next ticket. In offline mode a failed call is checked against
 * the downloaded tickets and queued.
 */
export const GatePage = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { canAccess } = useCanAccess({ resource: GATE_RESOURCE, action: 'list' });
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  // undefined until the gatekeeper chooses: the only e-shop is then the one (a typed number needs one)
  const [eshopChoice, setEshopChoice] = useState<string>();
  const [answer, setAnswer] = useState<GateAnswerView>();
  const [scanning, setScanning] = useState(false);
  const [cameraMissing, setCameraMissing] = useState(false);
  const [offlineMode, setOfflineMode] = useState(false);
  const [problem, setProblem] = useState<string>();
  const offline = useOfflineGate();
  const { data: eshops = [] } = useQuery({
    queryKey: ['gateEshops'],
    queryFn: () => dataProvider.getGateEshops(),
    enabled: canAccess === true,
  });
  const eshopId = eshopChoice ?? (eshops.length === 1 ? eshops[0].id : '');

  const show = (view: GateAnswerView) => {
    setAnswer(view);
    gateFeedback(view.result === 'accepted' ? 'accepted' : 'refused');
  };

  const check = async (scanned: string) => {
    const text = scanned.trim();
    setCode('');
    input.current?.focus();
    if (!text) return;
    try {
      show(viewOf(await dataProvider.scanTicket({ code: text, ...(eshopId ? { eshopId } : {}) }), text));
    } catch (error) {
      const local = offlineMode && isNetworkFailure(error) ? await offline.check(text) : undefined;
      show(local ?? { result: 'error', code: text, message: (error as Error).message });
    }
    input.current?.focus();
  };

  // the camera's callback stays the same while the scanner runs; it checks with the e-shop and mode of now
  const latestCheck = useRef(check);
  useLayoutEffect(() => {
    latestCheck.current = check;
  });
  const scanned = useCallback((value: string) => {
    setScanning(false);
    void latestCheck.current(value);
  }, []);

  if (canAccess === false) return <AccessDeniedPage />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check(code);
  };
  const startScan = () => {
    if (!barcodeScanAvailable()) {
      setCameraMissing(true);
      return;
    }
    setScanning((on) => !on);
  };
  const act = (job: () => Promise<void>) => () => {
    setProblem(undefined);
    job().catch((error: Error) => setProblem(error.message));
  };
  const eshopName = (id: string) => eshops.find((eshop) => eshop.id === id)?.name ?? id;

  return (
    <Stack spacing={1.5} sx={{ p: 1.5, maxWidth: 640, mx: 'auto', minHeight: 'calc(100vh - 64px)' }}>
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1 }}>
        <TextField
          inputRef={input}
          autoFocus
          fullWidth
          value={code}
          onChange={(event) => setCode(event.target.value)}
          label={translate('app.gate.code')}
          autoComplete="off"
          slotProps={{
            htmlInput: {
              maxLength: MAX_ENTRY_CODE_LENGTH,
              enterKeyHint: 'go',
              style: { fontSize: 28, padding: '14px 12px' },
            },
          }}
        />
        <Button type="submit" variant="contained" sx={{ minWidth: 88, fontSize: 18 }}>
          {translate('app.gate.check')}
        </Button>
      </Box>
      <Button
        variant="outlined"
        size="large"
        startIcon={<QrCodeScannerIcon />}
        onClick={startScan}
        sx={{ py: 1.5, fontSize: 18 }}
      >
        {translate(scanning ? 'app.gate.stopScan' : 'app.gate.scan')}
      </Button>
      {cameraMissing && <Alert severity="info">{translate('app.gate.cameraUnavailable')}</Alert>}
      {scanning && <BarcodeScanner onCode={scanned} failureMessage="app.gate.cameraFailed" />}
      {answer && <GateAnswer answer={answer} />}
      {offline.conflicts.length > 0 && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={offline.dismissConflicts}>
              {translate('app.gate.offline.dismiss')}
            </Button>
          }
        >
          <Typography fontWeight={700}>{translate('app.gate.offline.conflicts')}</Typography>
          {offline.conflicts.map((conflict) => (
            <div key={conflict.clientId}>
              {translate('app.gate.offline.conflict', {
                code: conflict.itemNumber ?? conflict.code,
                reason: translate(
                  conflict.result === 'used'
                    ? 'app.gate.offline.usedElsewhere'
                    : `app.gate.result.${conflict.result}`,
                ),
              })}
            </div>
          ))}
        </Alert>
      )}
      <TextField
        select
        size="small"
        label={translate('app.gate.eshop')}
        value={eshopId}
        onChange={(event) => setEshopChoice(event.target.value)}
      >
        <MenuItem value="">{translate('app.gate.anyEshop')}</MenuItem>
        {eshops.map((eshop) => (
          <MenuItem key={eshop.id} value={eshop.id}>
            {eshop.name}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={offlineMode} onChange={(event) => setOfflineMode(event.target.checked)} />}
        label={translate('app.gate.offline.mode')}
      />
      {offlineMode && (
        <Stack spacing={1}>
          <Button variant="outlined" disabled={!eshopId} onClick={act(() => offline.download(eshopId))}>
            {translate('app.gate.offline.download')}
          </Button>
          <Typography variant="body2">
            {!eshopId && !offline.list
              ? translate('app.gate.offline.chooseEshop')
              : offline.list
                ? translate('app.gate.offline.downloaded', {
                    count: offline.list.tickets.length,
                    eshop: eshopName(offline.list.eshopId),
                    at: new Date(offline.list.generatedAt).toLocaleString(locale),
                  })
                : translate('app.gate.offline.noList')}
          </Typography>
          {offline.list && <OfflineListValidity expiry={offlineListExpiry(offline.list)} />}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" sx={{ flexGrow: 1 }}>
              {translate('app.gate.offline.queued', { count: offline.queue.length })}
            </Typography>
            <Button disabled={offline.queue.length === 0} onClick={act(offline.sync)}>
              {translate('app.gate.offline.sync')}
            </Button>
          </Box>
          {offline.synced !== undefined && (
            <Typography variant="body2">
              {translate('app.gate.offline.synced', { count: offline.synced })}
            </Typography>
          )}
        </Stack>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
    </Stack>
  );
};
