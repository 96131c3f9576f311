import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update'] });
for (const p of process.argv.slice(2)) {
  const r = await lighthouse('http://127.0.0.1:4401' + p, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const a = r.lhr.audits;
  console.log(p, Math.round(r.lhr.categories.performance.score*100), ['first-contentful-paint','largest-contentful-paint','total-blocking-time','cumulative-layout-shift','speed-index'].map(k=>`${k}=${a[k].displayValue}(${a[k].score})`).join(' '));
  const lcp = a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet; console.log('  LCP el', lcp?.slice(0,150));
  const lcpb = a['largest-contentful-paint-element']?.details?.items?.[1]?.items; console.log('  LCP phases', JSON.stringify(lcpb));
  console.log('  render-blocking', JSON.stringify(a['render-blocking-resources']?.details?.items?.map(i=>[i.url.slice(-40), i.wastedMs])));
  console.log('  bootup', a['bootup-time']?.displayValue, 'mainthread', a['mainthread-work-breakdown']?.displayValue);
}
await chrome.kill();
