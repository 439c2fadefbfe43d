import { chromium } from '@playwright/test';
const routes = ['/', '/prepaid-recharge', '/postpaid-bill-pay', '/data-bundle', '/broadband-recharge', '/orp/fixed-internet', '/hbb-lead', '/hbb-lead-status', '/home-broadband', '/payment/start', '/payment/status?id=NO_SUCH', '/gethelp', '/gethelp?parent=Recharge', '/table', '/storeLocator', '/store_finder/dealers', '/openNetworks', '/contact-us', '/give_your_feedback', '/more-naija-money', '/about', '/privacy-policy', '/offline'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
const page = await context.newPage();
for (const r of routes) {
  await page.goto('http://127.0.0.1:18995' + r);
  const found = await page.evaluate(() => {
    const vis = (el) => { const s = getComputedStyle(el); const b = el.getBoundingClientRect(); return s.visibility !== 'hidden' && b.width > 0 && b.height > 0 && !el.closest('[hidden]'); };
    const out = [];
    for (const b of document.querySelectorAll('button')) {
      if (!vis(b)) continue;
      const t = (b.getAttribute('type') || 'submit');
      if (t === 'button' || !b.form) out.push(`button[type=${t}] form=${!!b.form} "${(b.textContent || b.getAttribute('aria-label') || '').trim().slice(0, 50)}"`);
    }
    for (const a of document.querySelectorAll('a[href="#"], a:not([href])')) if (vis(a)) out.push(`link-nohref "${a.textContent.trim().slice(0, 40)}"`);
    const text = document.body.innerText;
    for (const m of text.matchAll(/[^\n]*(Loading|Finding|Searching|Please wait)[^\n]*/g)) out.push('text: ' + m[0].slice(0, 80));
    for (const el of document.querySelectorAll('.skeleton, .loader')) if (vis(el)) out.push('spinner ' + el.className);
    for (const i of document.querySelectorAll('input,select,textarea')) if (vis(i) && !i.form) out.push(`field outside form ${i.name || i.id}`);
    return out;
  });
  console.log(r, found.length ? '\n  ' + found.join('\n  ') : 'ok');
}
await browser.close();
