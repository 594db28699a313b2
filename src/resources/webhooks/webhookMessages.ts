import { useTextTable } from '../../i18n/useTextTable';

/**
 * The webhook widgets' texts (the secret shown once, Send test event, Roll secret, Redeliver, no deliveries), under
 * app.webhook. They travel with the widgets' own chunk, not the console's first load: useWebhookTranslate hands them
 * to react-admin's translate as its default text. The labels the generated screens read stay in src/i18n.
 */
const en = {
  secretTitle: 'Signing secret',
  secretText:
    'Copy the signing secret now: it will not be shown again. Check the Passbase-Signature header of each delivery with it.',
  secretDone: 'I have copied it',
  sendTest: 'Send test event',
  testSent: 'A test event was queued for this endpoint.',
  testFailure: 'The test event could not be queued: %{error}',
  rollSecret: 'Roll secret',
  rollConfirm:
    'Roll the signing secret? For 24 hours deliveries carry signatures of both the new and the previous secret.',
  rolled: 'The secret was rolled.',
  rollFailure: 'The secret could not be rolled: %{error}',
  redeliver: 'Redeliver',
  redelivered: 'The delivery was queued again.',
  redeliverFailure: 'The delivery could not be queued again: %{error}',
  noDeliveries: 'No deliveries yet.',
};

const cs: typeof en = {
  secretTitle: 'Podpisové tajemství',
  secretText:
    'Zkopírujte si podpisové tajemství hned: znovu už se nezobrazí. Ověřujte jím hlavičku Passbase-Signature každého doručení.',
  secretDone: 'Zkopíroval jsem ho',
  sendTest: 'Poslat testovací událost',
  testSent: 'Testovací událost pro tento koncový bod byla zařazena do fronty.',
  testFailure: 'Testovací událost se nepodařilo zařadit: %{error}',
  rollSecret: 'Vyměnit tajemství',
  rollConfirm:
    'Vyměnit podpisové tajemství? Po 24 hodin ponesou doručení podpisy novým i předchozím tajemstvím.',
  rolled: 'Tajemství bylo vyměněno.',
  rollFailure: 'Tajemství se nepodařilo vyměnit: %{error}',
  redeliver: 'Doručit znovu',
  redelivered: 'Doručení bylo znovu zařazeno do fronty.',
  redeliverFailure: 'Doručení se nepodařilo znovu zařadit: %{error}',
  noDeliveries: 'Zatím žádná doručení.',
};

export const webhookMessages = { en, cs };

/**
 * Translates the webhook widgets' texts (webhookMessages, key under app.webhook) in the console's language (src/i18n/useTextTable).
 *
 * @example const text = useWebhookTranslate(); text('redeliver') // 'Redeliver'
 */
export function useWebhookTranslate(): (key: string, options?: Record<string, unknown>) => string {
  return useTextTable(webhookMessages, 'app.webhook');
}
