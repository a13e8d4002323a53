import type { Payment } from './payments.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Everything printed into the page goes through here: merchant data is not trusted markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** 123456 → "1,234.56": two decimals with thousands grouping. */
export function formatAmount(amountMinor: string): string {
  const value = BigInt(amountMinor);
  const whole = new Intl.NumberFormat('en-US').format(value / 100n);
  return `${whole}.${(value % 100n).toString().padStart(2, '0')}`;
}

/** The pay page's only stylesheet, inline; the CSP allows it by its hash (security-headers.ts). */
export const PAY_PAGE_STYLE = `
  *{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
  background:#eef1f6;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2433}
  main{width:min(420px,92vw);background:#fff;border-radius:14px;box-shadow:0 8px 30px rgba(20,30,60,.12);padding:28px}
  h1{font-size:15px;font-weight:600;color:#5a6478;margin:0 0 4px;letter-spacing:.04em;text-transform:uppercase}
  .merchant{font-size:20px;font-weight:600;margin:0 0 20px}
  .amount{font-size:34px;font-weight:700;margin:0 0 4px}.currency{font-size:18px;color:#5a6478;margin-left:6px}
  dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:13px;color:#5a6478;margin:16px 0 24px}
  dd{margin:0;word-break:break-all;color:#1d2433}
  .actions{display:flex;gap:12px}form{flex:1}button{width:100%;padding:12px;border-radius:10px;border:0;font-size:16px;
  font-weight:600;cursor:pointer}.pay{background:#1f6feb;color:#fff}.cancel{background:#eef1f6;color:#1d2433}
  .status{padding:12px;border-radius:10px;background:#eef1f6;text-align:center}
  footer{margin-top:20px;font-size:12px;color:#8a93a6;text-align:center}`;

/** The hosted checkout: self-contained (no external assets), one form per button. */
export function renderPayPage(payment: Payment, merchantName: string): string {
  const id = escapeHtml(payment.paymentId);
  const actions =
    payment.status === 'PENDING'
      ? `<div class="actions">
      <form method="post" action="/pay/${id}/cancel"><button class="cancel" type="submit">Cancel</button></form>
      <form method="post" action="/pay/${id}/pay"><button class="pay" type="submit">Pay</button></form>
    </div>`
      : `<p class="status">This payment is ${escapeHtml(payment.status.toLowerCase())}.</p>
    <p><a href="${escapeHtml(payment.returnUrl)}">Back to ${escapeHtml(merchantName)}</a></p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(merchantName)}</title>
<style>${PAY_PAGE_STYLE}</style>
</head>
<body>
  <main>
    <h1>Fortuna Pay checkout</h1>
    <p class="merchant">${escapeHtml(merchantName)}</p>
    <p class="amount">${escapeHtml(formatAmount(payment.amountMinor))}<span class="currency">${escapeHtml(payment.currency)}</span></p>
    <dl>
      <dt>Order</dt><dd>${escapeHtml(payment.merchantOrderNo)}</dd>
      <dt>Payment</dt><dd>${id}</dd>
    </dl>
    ${actions}
    <footer>A demonstration payment provider: no real money moves.</footer>
  </main>
</body>
</html>`;
}
