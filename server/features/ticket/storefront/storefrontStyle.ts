/**
 * The look of the storefront's pages (the shop, the order, their messages): readable at 390 px and larger, a visible
 * focus ring for keyboard users, and every e-shop colour taken from the CSS variables of styleVariables.ts with a
 * default. Inputs keep dark text on white whatever the e-shop's colours, so that what is typed stays readable.
 */
export const STOREFRONT_STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:var(--font,-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif);background:var(--background,#f4f4f6);color:var(--content,#1c1c1e);font-size:16px;line-height:1.45}
a{color:var(--brand,#0b57d0)}
:focus-visible{outline:3px solid var(--brand,#0b57d0);outline-offset:2px}
.shop-header{background:var(--header,#fff);color:var(--on-header,#1c1c1e);min-height:var(--header-height,auto);padding:12px 16px;display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px;border-bottom:1px solid rgba(127,127,127,.35)}
.shop-name{margin:0;font-size:20px;font-weight:700;overflow-wrap:anywhere}
.shop-name a{color:inherit;text-decoration:none}
.languages{display:flex;gap:12px;margin:0;padding:0;list-style:none}
.shop-header a{color:inherit}
.test{background:#b71c1c;color:#fff;margin:0;padding:12px 16px;font-weight:700;text-align:center}
main{max-width:640px;margin:0 auto;padding:16px 12px 40px}
h1{font-size:24px;margin:8px 0 16px;overflow-wrap:anywhere}
h2{font-size:19px;margin:24px 0 8px}
.panel{border:1px solid rgba(127,127,127,.45);border-radius:12px;padding:14px 16px;margin:0 0 16px;min-width:0}
legend{font-size:18px;font-weight:700;padding:0 6px;overflow-wrap:anywhere}
.price{font-size:18px;font-weight:700;margin:4px 0}
.validity,.hint{margin:4px 0;font-size:15px}
.hint{opacity:.85}
.warning{border-left:4px solid var(--warning,#b26a00);padding:6px 12px;margin:8px 0;overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:8px 0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin:12px 0 4px}
input[type=text],input[type=email],input[type=number]{width:100%;font:inherit;padding:10px 12px;border:1px solid #767676;border-radius:8px;background:#fff;color:#1c1c1e}
input[type=number]{max-width:9em}
input[aria-invalid=true]{border:2px solid var(--error,#b3261e)}
.problem{color:var(--error,#b3261e);font-weight:600;margin:4px 0}
.problems{border:2px solid var(--error,#b3261e);border-radius:12px;padding:12px 16px;margin:0 0 16px}
.problems h2{margin-top:0;color:var(--error,#b3261e)}
.check{display:flex;gap:10px;align-items:flex-start;margin:16px 0 4px}
.check input{width:24px;height:24px;flex:none;margin:2px 0 0}
.check label{margin:0;font-weight:400}
.pay,.button{display:block;width:100%;margin:16px 0 0;padding:14px;font:inherit;font-size:18px;font-weight:700;text-align:center;text-decoration:none;border:0;border-radius:10px;background:var(--button,var(--brand,#0b57d0));color:var(--on-button,#fff);cursor:pointer}
.button.secondary{background:#fff;color:#1c1c1e;border:1px solid #747775;font-size:16px}
.state{font-size:18px;font-weight:600}
.qr{background:#fff;border-radius:8px;padding:8px;text-align:center;margin:12px 0}
.qr svg{width:220px;max-width:100%;height:auto}
.voided{background:#b3261e;color:#fff;border-radius:8px;padding:8px 12px;font-weight:600}
footer{background:var(--footer,transparent);color:var(--on-footer,inherit);min-height:var(--footer-height,auto);padding:16px;text-align:center;font-size:14px}
footer a{color:inherit}
`;
