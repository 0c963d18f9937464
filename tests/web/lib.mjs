// lib.mjs — what the browser tests share: a real server on loopback serving the page,
// Debian's chromium (headless, driven by puppeteer-core), pages each in a context of its
// own (its own storage, as another person's browser), and the tests' bookkeeping.
import {spawn} from 'node:child_process';
import {copyFileSync} from 'node:fs';
import {basename, join} from 'node:path';
import {createInterface} from 'node:readline';
import puppeteer from 'puppeteer-core';

export const TIMEOUT = 30000;
export const webDir = new URL('../../frontends/web', import.meta.url).pathname;

export function check(ok, what) {
  if (!ok) throw new Error(what);
}

// 'draughts serve' on a loopback port (a free one, unless 'port' says which: a restart
// where its pages come back), with the page and 'store'; resolves once it says where it listens.
export function startServer(draughts, store, extra = [], port = 0) {
  const proc = spawn(draughts, ['serve', '--listen', `127.0.0.1:${port}`, '--store', store, '--rate', '1000',
    '--web', webDir, '--threads', '1', '--time', '0.5', ...extra], {stdio: ['ignore', 'pipe', 'inherit']});
  return new Promise((resolve, reject) => {
    const lines = createInterface({input: proc.stdout});
    lines.once('line', (line) => {
      const m = /serving on ws:\/\/127\.0\.0\.1:(\d+)/.exec(line);
      if (m) resolve({proc, url: `http://127.0.0.1:${m[1]}`});
      else reject(new Error(`the server did not start: ${line}`));
    });
    proc.once('exit', (code) => reject(new Error(`the server exited: ${code}`)));
  });
}

export function launch() {
  return puppeteer.launch({executablePath: '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--mute-audio', '--js-flags=--max-old-space-size=256']});
}

// A page in a browser context of its own, which accepts every dialog and keeps the
// page's errors in 'errors'.
export async function newPage(browser, opts = {}) {
  const ctx = await browser.createBrowserContext();
  const page = await ctx.newPage();
  page.setDefaultTimeout(TIMEOUT);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  await page.setViewport(opts.viewport || {width: 1100, height: 820});
  return page;
}

// A page with no page's CSP (about:blank), to look at screenshots with.
export const newChecker = async (browser) => (await browser.createBrowserContext()).newPage();

// Whether a PNG shows a drawing: many colours, none covering nearly all of it.
async function drawn(checker, png) {
  return checker.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data, count = new Map();
    for (let i = 0; i < d.length; i += 16) { const k = (d[i] >> 4) << 8 | (d[i + 1] >> 4) << 4 | d[i + 2] >> 4; count.set(k, (count.get(k) || 0) + 1); }
    const most = Math.max(...count.values()), total = d.length / 16;
    return count.size >= 8 && most / total < 0.9;
  }, Buffer.from(png).toString('base64'));
}

// A screenshot of 'target' (a page or an element) at 'path', checked for being drawn, and
// copied into the directory 'keep' when there is one.
export async function keepShot(checker, target, path, keep) {
  const png = await target.screenshot({path});
  check(await drawn(checker, png), `the screenshot ${basename(path)} is blank`);
  if (keep) copyFileSync(path, join(keep, basename(path)));
}

export const results = {passed: 0, failed: 0};

export async function test(name, body) {
  const t0 = Date.now();
  try {
    await body();
    results.passed++;
    console.log(`PASS ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (e) {
    results.failed++;
    console.log(`FAIL ${name}: ${e.stack || e}`);
  }
}
