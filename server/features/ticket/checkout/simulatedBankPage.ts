import { formatMoney } from '../../../../domain/ticket/money';
import { BASE_STYLE, escapeHtml, htmlPage, type HtmlPage } from '../../distribution';
import { TEST_PAYMENT_NOTICE, type SimulatedOutcome, type SimulatedPayment } from './simulatedGateway';

const BUTTONS: Array<[SimulatedOutcome, string]> = [
  ['paid', 'Pay'],
  ['declined3D', 'Decline (3D)'],
  ['declinedAC', 'Decline (AC)'],
  ['timeout', 'Time out'],
  ['canceled', 'Cancel'],
];

const STYLE = `${BASE_STYLE}
.bank{width:100%;max-width:360px;background:#fff;border-radius:14px;padding:20px;box-shadow:0 6px 24px rgba(0,0,0,.12)}
.bank form{margin:8px 0}.bank button{width:100%;padding:12px;font-size:16px;border-radius:10px;border:1px solid #ccc;cursor:pointer}
.bank .pay{background:#2e7d32;color:#fff;border-color:#2e7d32}
.bank .test{background:#b71c1c;color:#fff;border-radius:10px;padding:10px 12px;font-weight:700;text-align:center}`;

/**
 * The simulated bank's payment page: the amount and one button per outcome (forms without script, posting to the
 * same address with ?outcome=…); once decided, the state and a link back to the e-shop's order status.
 */
export function simulatedBankPage(payment: SimulatedPayment, action: string, statusUrl: string): HtmlPage {
  const amount = formatMoney(payment.amount, payment.currency, 'en');
  const body =
    payment.state === 'pending'
      ? BUTTONS.map(
          ([outcome, label]) =>
            `<form method="post" action="${escapeHtml(`${action}?outcome=${outcome}`)}"><button class="${outcome === 'paid' ? 'pay' : ''}" type="submit">${escapeHtml(label)}</button></form>`,
        ).join('\n')
      : `<p>Payment state: <strong>${escapeHtml(payment.state)}</strong></p><p><a href="${escapeHtml(statusUrl)}">Back to the order</a></p>`;
  return htmlPage({
    title: 'Simulated bank',
    language: 'en',
    style: STYLE,
    body: `<div class="bank"><p class="test" role="alert">${TEST_PAYMENT_NOTICE}</p><h1>Simulated bank</h1><p>Order ${escapeHtml(payment.orderNumber)}: <strong>${escapeHtml(amount)}</strong></p>
<p>This bank is for development and tests: no money moves.</p>
${body}</div>`,
  });
}
