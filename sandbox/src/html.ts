import type { FastifyReply } from 'fastify';

/** Server-rendered pages: no external assets, every user-influenced value escaped. */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Sends a page under `csp`: a page of the moment (a payment's form or result), never kept by a cache. */
export function htmlSender(csp: string) {
  return (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', csp)
      .send(html);
}

/** An amount with thousands separators from integer minor units: 1234550 -> "NGN 12,345.50". */
export function formatMoney(kobo: number, currency = 'NGN'): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(kobo));
  const naira = Math.floor(abs / 100).toLocaleString('en-US');
  const rest = String(abs % 100).padStart(2, '0');
  return `${currency} ${sign}${naira}.${rest}`;
}

const STYLE = `
  :root { font-family: system-ui, sans-serif; color: #1a1a1a; background: #f4f5f7; }
  body { margin: 0; padding: 1rem; }
  main { max-width: 28rem; margin: 0 auto; background: #fff; border-radius: 8px; padding: 1.25rem;
    box-shadow: 0 1px 4px rgba(0,0,0,.15); }
  h1 { font-size: 1.3rem; margin-top: 0; } h2 { font-size: 1.1rem; }
  label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
  input { box-sizing: border-box; width: 100%; font-size: 1rem; padding: .5rem; border: 1px solid #767676; border-radius: 4px; }
  input:focus, button:focus, a:focus { outline: 3px solid #005fcc; outline-offset: 2px; }
  button { font-size: 1rem; padding: .6rem 1rem; border-radius: 4px; border: 1px solid #1a1a1a; cursor: pointer;
    margin-top: 1rem; background: #fff; color: #1a1a1a; }
  button.primary { background: #0b5d1e; border-color: #0b5d1e; color: #fff; }
  .row { display: flex; gap: .75rem; flex-wrap: wrap; } .row > * { flex: 1; }
  .alert { border-left: 4px solid #b00020; background: #fdecee; padding: .5rem .75rem; margin: .75rem 0; }
  .ok { border-left: 4px solid #0b5d1e; background: #e8f5ea; padding: .5rem .75rem; margin: .75rem 0; }
  .muted { color: #555; font-size: .9rem; }
  ul.cards { list-style: none; padding: 0; } ul.cards > li { border: 1px solid #ccc; border-radius: 6px; padding: .75rem; margin: .75rem 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem .75rem; } dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
`;

export function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${STYLE}</style>
${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
