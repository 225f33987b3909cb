import { chromium } from '@playwright/test';
import { startServer } from './server';
import { chromiumLaunchOptions } from './browser';
import { benchFreshResets } from './bench';
const root = process.argv[2] ?? 'build';
const srv = await startServer({ root, port: 4183 });
const browser = await chromium.launch(chromiumLaunchOptions());
for (const task of ['hubspot/qualify-mql-v1', undefined]) {
  const r = await benchFreshResets(browser, srv.url, task, 5);
  for (const x of r) console.log(task ?? 'sandbox', Math.round(x.ms), JSON.stringify(Object.fromEntries(Object.entries(x.timing).map(([k, v]) => [k, Math.round(v)]))));
}
await browser.close(); await srv.close();
