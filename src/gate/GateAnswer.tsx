import { Box, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import type { OfflineResult } from './offlineGate';

/** What the gate shows of an answer: the result and, when a ticket was found, what it is. */
export interface GateAnswerView {
  result: OfflineResult | 'error';
  code: string;
  productName?: string | null;
  itemNumber?: string | null;
  entriesLeft?: number | null;
  maxEntries?: number;
  validFrom?: string | null;
  validTo?: string | null;
  offline?: boolean;
  message?: string;
}

/** The answer filling the screen below the input: green ACCEPTED, or red with the reason in words. */
export function GateAnswer({ answer }: { answer: GateAnswerView }) {
  const translate = useTranslate();
  const locale = useLocale();
  const accepted = answer.result === 'accepted';
  const date = (value: string) =>
    new Date(value).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const max = answer.maxEntries ?? 0;
  const reason =
    answer.result === 'error'
      ? translate('app.gate.result.error', { message: answer.message ?? '' })
      : translate(`app.gate.result.${answer.result}`, {
          used: max - (answer.entriesLeft ?? 0),
          max,
        });
  const validity =
    answer.validFrom && answer.validTo
      ? translate('app.gate.validity', { from: date(answer.validFrom), to: date(answer.validTo) })
      : answer.validTo
        ? translate('app.gate.validTo', { to: date(answer.validTo) })
        : answer.validFrom
          ? translate('app.gate.validFrom', { from: date(answer.validFrom) })
          : undefined;
  return (
    <Box
      role="status"
      data-result={answer.result}
      sx={{
        flexGrow: 1,
        minHeight: 320,
        borderRadius: 2,
        p: 3,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
        color: 'common.white',
        bgcolor: accepted ? 'success.main' : 'error.main',
      }}
    >
      <Typography component="p" sx={{ fontSize: accepted ? 48 : 34, fontWeight: 800, lineHeight: 1.1 }}>
        {reason}
      </Typography>
      {answer.productName && (
        <Typography component="p" sx={{ fontSize: 26, fontWeight: 600 }}>
          {answer.productName}
        </Typography>
      )}
      {answer.entriesLeft !== undefined && answer.entriesLeft !== null && (
        <Typography component="p" sx={{ fontSize: 22 }}>
          {translate('app.gate.entriesLeft', { count: answer.entriesLeft })}
        </Typography>
      )}
      {validity && <Typography component="p">{validity}</Typography>}
      <Typography component="p" sx={{ opacity: 0.85, wordBreak: 'break-all' }}>
        {answer.itemNumber ? translate('app.gate.item', { number: answer.itemNumber }) : answer.code}
      </Typography>
      {answer.offline && (
        <Typography component="p">{translate('app.gate.offline.scannedOffline')}</Typography>
      )}
    </Box>
  );
}
