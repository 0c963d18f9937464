// test_web.mjs DRAUGHTS WORKDIR [SCREENSHOT_DIR] — the web front end in a real browser
// (Debian's chromium, headless, driven by puppeteer-core): two pages play a whole game
// of each variant by clicking the page's own highlighted points, a spectator suggests
// and the player sees the tally, a page plays the computer at level 1 to the end, a
// page reloaded mid-game is back in its seat, a phone-sized page moves by touch; the
// screenshots of each board, a multi-jump in progress and the tally are checked for
// being drawn. Every wait has a timeout; nothing sleeps to let the server catch up.
import {mkdirSync} from 'node:fs';
import {join} from 'node:path';
import {check, keepShot, launch, newChecker, newPage, results, startServer as serve, test} from './lib.mjs';

const [draughts, work, shots] = process.argv.slice(2);
const PLY_CAP = 80; // a random game of a big board can take hundreds of plies
const startServer = (port = 0) => serve(draughts, join(work, 'server.db'), [], port);

// A small seeded generator, so that a failure can be played again.
function rng(seed) {
  let s = seed >>> 0;
  return (n) => { s = (s * 1664525 + 1013904223) >>> 0; return s % n; };
}

const movesShown = (page) => page.$$eval('.moves li button', (l) => l.length);
const names = (page, sel) => page.$$eval(sel, (l) => l.map((e) => e.getAttribute('data-point')));
const status = (page) => page.$eval('.banner', (b) => (b.hidden ? '' : b.textContent));
const piecesShown = (page) => page.$$eval('[data-point]:has(.piece)', (l) => l.map((g) => `${g.getAttribute('data-point')}:${g.querySelector('.piece').getAttribute('class')}`).sort().join(' '));

const shot = (checker, page, name) => keepShot(checker, page, join(work, `${name}.png`), shots);

// Plays one move on 'page' by clicking a highlighted piece, then highlighted rings
// until the move is made; 'onLanding' sees a multi-jump in progress.
async function playMove(page, pick, onLanding, tapper, suggestion = false) {
  const before = await movesShown(page);
  const tap = tapper || ((name) => page.click(`[data-point="${name}"]`));
  const movable = await names(page, '.point.movable');
  check(movable.length > 0, 'no piece is marked movable on the player to move');
  await tap(movable[pick(movable.length)]);
  for (let landings = 0; ; landings++) {
    const targets = await names(page, '.point.target');
    if (!targets.length) break;
    if (landings === 1 && onLanding) await onLanding(page);
    await tap(targets[pick(targets.length)]);
  }
  if (suggestion) return;
  await page.waitForFunction((n) => document.querySelectorAll('.moves li button').length > n, {}, before);
}

async function whoseTurn(pages) {
  for (const p of pages) {
    if (await p.$('.point.movable')) return p;
  }
  return null;
}

// The page whose player is to move, once it shows it (or any page once the game ended).
const turnPage = (pages) => Promise.any(pages.map((p) => p.waitForSelector('.point.movable, .banner:not([hidden])').then(() => p)));

// Plays random moves until the game ends or 'cap' plies; the banner says how it ended.
async function playOut(pages, pick, cap, hooks = {}) {
  for (let ply = 0; ply < cap; ply++) {
    if (await status(pages[0])) return status(pages[0]);
    if (hooks.beforePly) await hooks.beforePly(ply);
    const p = await turnPage(pages);
    if (await status(p)) return status(p);
    await playMove(p, pick, hooks.onLanding);
    for (const q of pages) await q.waitForFunction((n) => document.querySelectorAll('.moves li button').length >= n, {}, ply + 1);
  }
  return status(pages[0]);
}

async function createGame(page, url, variant, kind = 'people', level = null) {
  await page.goto(`${url}/`);
  const form = `form.create.${kind}`;
  await page.waitForSelector(`${form} select[name=variant]`);
  await page.select(`${form} select[name=variant]`, variant);
  if (level) await page.select(`${form} select[name=computer]`, level);
  if (kind === 'people') await page.click(`${form} input[name=public]`);
  await page.select(`${form} select[name=side]`, 'white');
  await page.click(`${form} button[type=submit]`);
}

let server = await startServer();
const browser = await launch();
const checker = await newChecker(browser);
if (shots) mkdirSync(shots, {recursive: true});
const url = server.url;
try {
  const list = await (async () => {
    const p = await newPage(browser);
    await p.goto(`${url}/`);
    await p.waitForSelector('form.people select[name=variant]');
    const v = await p.$$eval('form.people select[name=variant] option', (o) => o.map((e) => e.value));
    await p.browserContext().close();
    return v;
  })();
  check(list.length >= 6, `the lobby offers ${list.length} variants`);
  let realEnds = 0, multiJump = false, finished = null;

  for (const [k, variant] of list.entries()) {
    await test(`two pages play ${variant} by clicking`, async () => {
      const a = await newPage(browser), b = await newPage(browser);
      await createGame(a, url, variant);
      const code = await (await a.waitForSelector('.join-code')).evaluate((e) => e.textContent);
      await b.goto(`${url}/g/${code}`);
      await a.waitForSelector('.point.movable');
      await shot(checker, a, `web-${variant}`);
      const pick = rng(k + 1);
      const hooks = {
        onLanding: async (page) => {
          if (multiJump) return;
          multiJump = true;
          check(await page.$('.jumped'), 'a multi-jump in progress outlines no jumped piece');
          await shot(checker, page, 'web-multijump');
        },
      };
      if (k === 0) { // a spectator suggests; the player to move sees the tally
        const w = await newPage(browser);
        const game = a.url().split('/g/')[1];
        await w.goto(`${url}/g/${game}`);
        await w.waitForSelector('.suggest-help');
        await playMove(w, rng(99), null, null, true);
        await a.waitForSelector('.count text');
        check((await a.$eval('.count text', (e) => e.textContent)) === '1', 'the tally does not count one suggestion');
        await shot(checker, a, 'web-tally');
        await a.click('.toggle-tally');
        check(!(await a.$('.count')), 'the tally stays when hidden');
        await a.click('.toggle-tally');
        await w.browserContext().close();
      }
      if (k === 1) { // a page reloaded mid-game is back in its seat
        hooks.beforePly = async (ply) => {
          if (ply !== 3) return;
          await b.reload();
          await b.waitForFunction(() => document.querySelectorAll('.moves li button').length === 3);
          const you = await b.$eval('.player.bottom .side-name', (e) => e.textContent);
          check(you.includes('(you)'), `after a reload: ${you}`);
        };
      }
      const end = await playOut([a, b], pick, PLY_CAP, hooks);
      if (end) realEnds++;
      else { // no end within the cap: the second player resigns
        await b.click('.resign');
        await a.waitForSelector('.banner:not([hidden])');
      }
      const banner = await status(a);
      check(/^(You won|You lost|Drawn)/.test(banner), `the banner says '${banner}'`);
      const results = await Promise.all([a, b].map((p) => p.$eval('.banner', (e) => e.dataset.result)));
      check(results[0] === results[1], `the two pages disagree on the end: ${results}`);
      const other = await status(b);
      check(banner.startsWith('Drawn') ? other === banner : banner.startsWith('You won') === other.startsWith('You lost'),
            `the winner's page says '${banner}' and the loser's '${other}'`);
      const top = await a.$eval('.banner', (e) => e.getBoundingClientRect().top);
      check(top >= 0 && top < 820, `the result is out of sight (${top} px down)`);
      const pdn = await a.$eval('a.pdn', (e) => e.getAttribute('href'));
      const text = await (await fetch(`${url}${pdn}`)).text();
      check(text.includes('[Result'), `the PDN link gave ${text.slice(0, 80)}`);
      check(!a.errors.length && !b.errors.length, `page errors: ${a.errors.concat(b.errors)}`);
      if (k === 0) { // what its link shows after a restart (the last test)
        finished = {game: a.url().split('/g/')[1], final: await piecesShown(a), moves: await movesShown(a)};
        await a.click('.moves li button');
        finished.first = await piecesShown(a);
      }
      await a.browserContext().close();
      await b.browserContext().close();
    });
  }
  await test('at least one game ended by the rules and a multi-jump was seen', async () => {
    check(realEnds >= 1, 'every game reached the ply cap');
    check(multiJump, 'no multi-jump came up in any game');
  });

  await test('a page plays the computer at level 1 to the end', async () => {
    const a = await newPage(browser);
    await createGame(a, url, 'alquerque', 'computer', '1');
    await a.waitForSelector('.point.movable');
    const name = await a.$eval('.player.top .name', (e) => e.textContent);
    check(name.includes('computer (level 1)'), `the opponent is '${name}'`);
    const pick = rng(7);
    let end = '';
    for (let i = 0; i < 400 && !end; i++) {
      await a.waitForFunction(() => document.querySelector('.banner:not([hidden])') || document.querySelector('.point.movable'));
      if ((end = await status(a))) break;
      await playMove(a, pick, null);
    }
    check(/^(You won|You lost|Drawn)/.test(end), `the game against the computer did not end: '${end}'`);
    check(!a.errors.length, `page errors: ${a.errors}`);
    await a.browserContext().close();
  });

  await test('a phone-sized page plays a move by touch', async () => {
    const a = await newPage(browser, {viewport: {width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2}});
    await createGame(a, url, 'russian', 'computer', '1');
    await a.waitForSelector('.point.movable');
    const tap = async (name) => {
      const box = await (await a.$(`[data-point="${name}"]`)).boundingBox();
      await a.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    };
    await playMove(a, rng(3), null, tap);
    await a.waitForFunction(() => document.querySelectorAll('.moves li button').length >= 2); // and the computer answered
    const width = await a.$eval('svg.board', (e) => e.getBoundingClientRect().width);
    check(width > 300 && width <= 390, `the board is ${width} px wide on a phone`);
    await shot(checker, a, 'web-phone');
    await a.browserContext().close();
  });

  await test('the board has the window\'s three themes, and the page follows a dark system', async () => {
    const a = await newPage(browser);
    await a.emulateMediaFeatures([{name: 'prefers-color-scheme', value: 'dark'}]);
    await createGame(a, url, 'russian', 'computer', '1');
    await a.waitForSelector('.point.movable');
    const look = () => a.evaluate(() => ({frame: getComputedStyle(document.querySelector('.frame')).fill,
                                           page: getComputedStyle(document.body).backgroundColor,
                                           label: document.querySelector('.theme').textContent}));
    const seen = [await look()];
    check(seen[0].label === 'Board: wood', `the first theme: ${seen[0].label}`);
    check(/rgb\((\d\d?|1[0-9]\d), (\d\d?|1[0-9]\d), (\d\d?|1[0-9]\d)\)/.test(seen[0].page), `a dark system, a light page: ${seen[0].page}`);
    await shot(checker, a, 'web-dark-wood');
    for (const name of ['light', 'dark']) {
      await a.click('.theme');
      await a.waitForFunction((n) => document.querySelector('.theme').textContent === `Board: ${n}`, {}, name);
      seen.push(await look());
      await shot(checker, a, `web-dark-${name}`);
    }
    check(new Set(seen.map((x) => x.frame)).size === 3, `three themes, frames ${seen.map((x) => x.frame)}`);
    await a.reload(); // kept in this browser
    await a.waitForSelector('.theme');
    check((await look()).label === 'Board: dark', 'the theme was not kept');
    check(!a.errors.length, `page errors: ${a.errors}`);
    await a.browserContext().close();
  });

  await test('a waiting game is cancelled by its creator and leaves the public list', async () => {
    const a = await newPage(browser), w = await newPage(browser);
    await createGame(a, url, 'turkish');
    await a.waitForSelector('.join-code');
    const game = a.url().split('/g/')[1];
    await w.goto(`${url}/`);
    await w.waitForSelector(`.games li[data-game="${game}"]`);
    await a.click('.cancel');
    await a.waitForSelector('.banner:not([hidden])');
    check((await status(a)).startsWith('Aborted by'), `after the cancel: '${await status(a)}'`);
    await w.waitForFunction((g) => !document.querySelector(`.games li[data-game="${g}"]`), {}, game);
    await a.browserContext().close();
    await w.browserContext().close();
  });

  await test('pages in a game come back by themselves after a server restart', async () => {
    const a = await newPage(browser), b = await newPage(browser);
    await createGame(a, url, 'brazilian');
    const code = await (await a.waitForSelector('.join-code')).evaluate((e) => e.textContent);
    await b.goto(`${url}/g/${code}`);
    await a.waitForSelector('.point.movable');
    await playMove(a, rng(5));
    await b.waitForFunction(() => document.querySelectorAll('.moves li button').length === 1);
    const port = Number(new URL(server.url).port);
    server.proc.kill('SIGTERM');
    await new Promise((resolve) => server.proc.once('exit', resolve));
    await a.waitForSelector('.connection-note:not([hidden])');
    const note = await a.$eval('.connection-note', (e) => e.textContent);
    check(/trying again/.test(note), `while the server is down: '${note}'`);
    server = await startServer(port); // the same store and port: the pages find their seats again
    for (const p of [a, b]) await p.waitForSelector('.connection-note[hidden]', {timeout: 60000});
    await b.waitForSelector('.point.movable');
    await playMove(b, rng(6));
    await a.waitForFunction(() => document.querySelectorAll('.moves li button').length === 2);
    const you = await a.$eval('.player.bottom .side-name', (e) => e.textContent);
    check(you.includes('(you)'), `after the restart: ${you}`);
    check(!(await a.$('.lobby-error')), 'an error is shown after the reconnection');
    check(!a.errors.length && !b.errors.length, `page errors: ${a.errors.concat(b.errors)}`);
    await shot(checker, a, 'web-reconnected');
    await a.browserContext().close();
    await b.browserContext().close();
  });

  await test('the page is installable and opens with the server gone', async () => {
    const a = await newPage(browser);
    await a.goto(`${server.url}/`);
    const manifest = await a.evaluate(async () => {
      const r = await fetch(document.querySelector('link[rel=manifest]').href);
      return {type: r.headers.get('content-type'), body: await r.json()};
    });
    check(manifest.type.startsWith('application/manifest+json') && manifest.body.start_url === '/' &&
          manifest.body.display === 'standalone', `the manifest: ${JSON.stringify(manifest)}`);
    await a.evaluate(() => navigator.serviceWorker.ready);
    await a.reload();
    await a.waitForFunction(() => navigator.serviceWorker.controller !== null);
    server.proc.kill('SIGTERM');
    await new Promise((resolve) => server.proc.once('exit', resolve));
    try {
      await a.reload(); // no server: the kept page, which says it cannot reach it
      await a.waitForSelector('.lobby-error');
      check(/cannot reach the server/.test(await a.$eval('.lobby-error', (e) => e.textContent)), 'offline: no word of the server');
      check(!a.errors.length, `page errors: ${a.errors}`);
    } finally {
      await a.browserContext().close();
      server = await startServer();
    }
  });

  await test('a finished game\'s link after a restart replays it', async () => {
    check(finished, 'no game was kept to replay');
    server.proc.kill('SIGTERM');
    await new Promise((resolve) => server.proc.once('exit', resolve));
    server = await startServer(); // the same store: the game is only there now
    const a = await newPage(browser);
    await a.goto(`${server.url}/g/${finished.game}`);
    await a.waitForSelector('.banner:not([hidden])');
    check((await movesShown(a)) === finished.moves, `the replay lists ${await movesShown(a)} of ${finished.moves} moves`);
    check((await piecesShown(a)) === finished.final, 'the replay does not show the final position');
    await a.click('.moves li button');
    check((await piecesShown(a)) === finished.first, 'the first move clicked does not show the position after it');
    check(!a.errors.length, `page errors: ${a.errors}`);
    await a.browserContext().close();
  });
} finally {
  await browser.close();
  server.proc.kill('SIGTERM');
}
console.log(`web: ${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed ? 1 : 0);
