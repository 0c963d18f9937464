// test_friends.mjs DRAUGHTS WORKDIR [SCREENSHOT_DIR] — profiles and friends in the web page,
// against a real server on loopback, each person a browser context of their own (their own
// storage): two nicknames claimed (a clash refused in the server's words), bests uploaded over
// the protocol with the key the page kept, an invitation link copied and opened (who invites
// shown as the server names them, whatever the link says; nothing accepted by the link alone:
// declined, then opened again and accepted; gone from the address), a reused one opened by a
// new browser and a made-up code refused, a game where a guest under a profile's name is
// marked and the profile signed in is not, a reload still signed in, a friend removed for
// both, a second device linked, then the profile deleted from it and gone from the first, a
// request cut off by the server's end refused rather than left loading, with a button to try
// again. Every wait has a timeout; nothing sleeps.
import {join} from 'node:path';
import {check, keepShot, launch, newChecker, newPage, results, startServer, test} from './lib.mjs';

const [draughts, work, shots] = process.argv.slice(2);
const RECORDS = [{variant: 'brazilian', rules: 'official', level: 3, points: 1160, pieces: 9, moves: 24, finished: 1796000000},
                 {variant: 'brazilian', rules: 'official', level: 1, points: 1290, pieces: 12, moves: 17, finished: 1795000000},
                 {variant: 'russian', rules: 'official', level: 2, points: 500, pieces: 4, moves: 40, finished: 1795000000}];
const STREAK = {variant: 'brazilian', rules: 'official', current: 2, best: 4};
const BOB = '<b>bob</b>'; // a nickname that would be markup, were it ever taken as such
const NOT_A_CODE = 'that code does not work: a code works once, until it expires';

const text = (page, sel) => page.$eval(sel, (e) => e.textContent);
const storedKey = (page) => page.evaluate(() => localStorage.getItem('draughts.device-key'));

// The friends panel of a page at 'address', opened; resolves once it shows a profile or
// the forms to make one.  The tap waits for the lobby's list of public games, whose
// arrival would move the panel between the tap's aim and the tap.
async function openPanel(page, address) {
  if (address) await page.goto(address);
  await page.waitForSelector('.games li:not(.pending)');
  await page.waitForSelector('.friends-panel summary');
  if (!(await page.$eval('.friends-panel', (d) => d.open))) await page.click('.friends-panel summary');
  await page.waitForSelector('.friends-panel .profile-name, .friends-panel form.claim');
}

// The panel's refusal, once it shows one.
async function refusal(page) {
  await page.waitForFunction(() => document.querySelector('.friends-error').textContent !== '');
  return text(page, '.friends-error');
}

// Waits for the form: a refusal can show while the panel still loads the profile again
// (an invitation refused, then the friends and bests asked for).
async function fill(page, form, value) {
  await page.waitForSelector(`${form} input`);
  await page.$eval(`${form} input`, (e) => { e.value = ''; });
  await page.type(`${form} input`, value);
  await page.click(`${form} button[type=submit]`);
}

// 'claim' or 'link': resolves once the panel shows the profile or a refusal.
async function enter(page, form, value) {
  await fill(page, form, value);
  await page.waitForFunction(() => document.querySelector('.profile-name') || document.querySelector('.friends-error').textContent);
}

const friendSel = (nick) => `.friend[data-name="${nick}"]`;

// A game against the computer at level 1 from the lobby the page shows, as White; resolves
// once both seats are drawn.
async function playComputer(page) {
  await page.waitForSelector('form.computer select[name=variant]');
  await page.select('form.computer select[name=variant]', 'brazilian');
  await page.select('form.computer select[name=side]', 'white');
  await page.click('form.computer button[type=submit]');
  await page.waitForFunction(() => /level 1/.test((document.querySelector('.player.top .name') || {}).textContent));
}

// Uploads bests as the page's own profile, over the protocol, with the key it keeps.
function upload(page, records, streaks) {
  return page.evaluate(async (records, streaks) => {
    const ws = new WebSocket(`ws://${location.host}/`, 'draughts');
    const queue = [], waiting = [];
    ws.onmessage = (e) => { const m = JSON.parse(e.data); if (waiting.length) waiting.shift()(m); else queue.push(m); };
    const next = () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => waiting.push(r)));
    await new Promise((r) => ws.addEventListener('open', r, {once: true}));
    const seen = [];
    for (const msg of [{type: 'hello', protocol: 1, name: 'uploader'}, {type: 'sign_in', key: localStorage.getItem('draughts.device-key')},
                       {type: 'upload', records, streaks}]) {
      ws.send(JSON.stringify(msg));
      seen.push((await next()).type);
    }
    ws.close();
    return seen.join(' ');
  }, records, streaks);
}

const server = await startServer(draughts, join(work, 'server.db'));
const url = server.url;
const browser = await launch();
const checker = await newChecker(browser);
try {
  const ana = await newPage(browser), bob = await newPage(browser);
  let invite = null;

  await test('a first visit draws a key and claims a nickname; a taken one is refused', async () => {
    await openPanel(ana, `${url}/`);
    check(/^[0-9a-f]{64}$/.test(await storedKey(ana)), `the key kept is '${await storedKey(ana)}'`);
    await enter(ana, 'form.claim', 'ana');
    check((await text(ana, '.profile-name')) === 'You are ana here.', `ana's panel says '${await text(ana, '.profile-name')}'`);
    await openPanel(bob, `${url}/`);
    const key = await storedKey(bob);
    check(key !== (await storedKey(ana)), 'two browsers drew the same key');
    await enter(bob, 'form.claim', 'ANA');
    const said = await refusal(bob);
    check(said === "the nickname 'ANA' is taken here by another player: choose another one", `the clash says '${said}'`);
    await bob.$eval('.friends-error', (e) => { e.textContent = ''; });
    await enter(bob, 'form.claim', 'é'.repeat(20)); // 20 characters, 40 bytes: past the protocol's bound
    check((await text(bob, '.friends-error')).startsWith('a nickname has at most 32 bytes'), `a long nickname says '${await text(bob, '.friends-error')}'`);
    await enter(bob, 'form.claim', BOB);
    check((await text(bob, '.profile-name strong')) === BOB, 'bob\'s nickname is not shown as it is');
    check((await storedKey(bob)) === key, 'the key changed on claiming');
    check((await upload(ana, RECORDS, [STREAK])) === 'welcome profile uploaded', 'the upload was not taken');
  });

  await test('an invitation link is made and copied', async () => {
    await ana.browserContext().overridePermissions(url, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
    await ana.click('.friends-panel button.make-invite');
    await ana.waitForSelector('.invite-link');
    invite = await ana.$eval('.invite-link', (e) => e.value);
    const code = await text(ana, '.invite-code');
    check(invite === `${url}/#invite=${code}` && /^[a-z0-9]{12}$/.test(code), `the invitation is '${invite}' with the code '${code}'`);
    const expires = Date.parse(await ana.$eval('.invitation time', (e) => e.getAttribute('datetime')));
    check(expires > Date.now() + 6 * 86400e3, `the invitation expires at ${new Date(expires).toISOString()}`);
    await ana.click('.invitation button.copy');
    await ana.waitForFunction(() => document.querySelector('.invitation button.copy').textContent === 'Copied');
    check((await ana.evaluate(() => navigator.clipboard.readText())) === invite, 'the link was not copied');
  });

  await test('an invitation link alone makes no friend: the page shows who invites as the server says, and Decline forgets it', async () => {
    await bob.goto(`${invite}&from=carol`); // a page already open: the link is taken without reloading it
    await bob.waitForSelector('.invitation-ask .inviter');
    check((await text(bob, '.invitation-ask .inviter')) === 'ana', `the invitation is from '${await text(bob, '.invitation-ask .inviter')}'`);
    check(!(await text(bob, '.invitation-ask')).includes('carol'), 'the name the link carried is shown');
    check(bob.url() === `${url}/`, `the address still holds the code: ${bob.url()}`);
    await ana.click('.friends-panel button.refresh'); // the link alone has made no friend
    await ana.waitForSelector('.no-friends');
    await bob.click('.invitation-ask button.decline-invite');
    await bob.waitForFunction(() => document.querySelector('.friends-note').textContent === 'Invitation declined.');
    await bob.waitForSelector('.no-friends');
    check(!(await bob.$('.invitation-ask')) && bob.url() === `${url}/`, `the declined invitation stays: ${bob.url()}`);
    await ana.click('.friends-panel button.refresh');
    await ana.waitForSelector('.no-friends');
  });

  await test('Accept makes the friendship: both see each other', async () => {
    await bob.goto(invite); // declined, not used up: the same link asks again
    await bob.waitForSelector('.invitation-ask .inviter');
    check((await text(bob, '.friends-note')) === '', 'a word before the answer');
    await bob.click('.invitation-ask button.accept-invite');
    await bob.waitForFunction(() => document.querySelector('.friends-note').textContent.includes('friends now'));
    check((await text(bob, '.friends-note')) === "You and ana are friends now: you see each other's bests.", 'no word of the new friend');
    check(bob.url() === `${url}/`, `the address still holds the code: ${bob.url()}`);
    await bob.waitForSelector(`${friendSel('ana')} table.bests`);
    const tables = await bob.$$eval(`${friendSel('ana')} table.bests`, (l) => l.map((t) => [t.caption.textContent,
      ...[...t.tBodies[0].rows].map((r) => [...r.cells].slice(0, 5).map((c) => c.textContent).join(' '))].join(' | ')));
    const want = ['Brazilian draughts · official · best streak 4 (now 2) | 1 1290 beats Pro 12 17 | 3 1160 beats Expert 9 24',
                  'Russian draughts · official | 2 500 beats Júnior 4 40'];
    check(tables.join('\n') === want.join('\n'), `ana's bests read:\n${tables.join('\n')}`);
    await bob.$eval('.friends-panel', (e) => e.scrollIntoView());
    await keepShot(checker, bob, join(work, 'web-friends.png'), shots);

    await ana.click('.friends-panel button.refresh');
    await ana.waitForSelector(`${friendSel(BOB)} .no-bests`);
    check((await text(ana, `${friendSel(BOB)} .friend-name`)) === BOB, 'bob\'s nickname is not shown as it is');
    check(!(await ana.$(`${friendSel(BOB)} .friend-name b`)), 'a nickname became markup');
  });

  await test('a reused invitation and a made-up code are refused in the server\'s words', async () => {
    const eve = await newPage(browser); // a new browser, loading the page from the link
    await eve.goto(invite);
    await eve.waitForSelector('form.claim');
    check(eve.url() === `${url}/`, `the address still holds the code: ${eve.url()}`);
    check((await text(eve, '.friends-body p')).startsWith('A friend invites you'), 'no word of the invitation');
    await enter(eve, 'form.claim', 'eve');
    check((await refusal(eve)) === NOT_A_CODE, `a reused link says '${await text(eve, '.friends-error')}'`);
    // The refusal shows before the profile: the page still asks for its friends and bests.
    await eve.waitForSelector('.profile-name strong');
    check((await text(eve, '.profile-name strong')) === 'eve', 'the claim before the refused invitation is lost');
    await eve.waitForSelector('.no-friends');
    await eve.browserContext().close();
    await bob.$eval('.friends-error', (e) => { e.textContent = ''; });
    await fill(bob, 'form.accept', 'zzzzzzzzzzzz');
    check((await refusal(bob)) === NOT_A_CODE, `a made-up code says '${await text(bob, '.friends-error')}'`);
    await bob.$eval('.friends-error', (e) => { e.textContent = ''; });
    await fill(bob, 'form.accept', `${url}/#invite=${'z'.repeat(17)}`);
    check((await refusal(bob)).startsWith('that code does not work: a code has at most 16'), `a long code says '${await text(bob, '.friends-error')}'`);
    await bob.waitForSelector(friendSel('ana')); // still friends
  });

  await test('a game marks a guest under a profile\'s name, not the profile signed in nor the computer', async () => {
    const mallory = await newPage(browser);
    await mallory.goto(`${url}/`);
    await mallory.evaluate(() => localStorage.setItem('draughts.name', 'ana')); // ana's name, not her profile
    for (const page of [mallory, bob]) await playComputer(page);
    const name = (page, where) => page.$eval(`.player.${where} .name`, (e) => e.textContent);
    check((await name(mallory, 'bottom')) === 'ana (guest)', `the guest is shown as '${await name(mallory, 'bottom')}'`);
    check((await name(mallory, 'top')) === 'computer (level 1)', `the computer is shown as '${await name(mallory, 'top')}'`);
    check((await name(bob, 'bottom')) === BOB, `the profile signed in is shown as '${await name(bob, 'bottom')}'`);
    await bob.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Lobby').click());
    await bob.waitForSelector('.friends-panel summary');
    check(!mallory.errors.length && !bob.errors.length, `page errors: ${mallory.errors.concat(bob.errors)}`);
    await mallory.browserContext().close();
  });

  await test('a reload is still signed in with the key kept', async () => {
    const key = await storedKey(bob);
    await bob.reload();
    await openPanel(bob);
    check((await text(bob, '.profile-name strong')) === BOB, 'the reloaded page is not bob\'s');
    check(!(await bob.$('form.claim')), 'the reloaded page asks for a nickname again');
    check((await storedKey(bob)) === key, 'the key changed on reloading');
  });

  await test('a friend removed is gone for both', async () => {
    await bob.click(`${friendSel('ana')} button.remove`);
    await bob.waitForSelector('.no-friends');
    check((await text(bob, '.friends-note')) === 'ana is no longer your friend.', 'no word of the removal');
    await ana.click('.friends-panel button.refresh');
    await ana.waitForSelector('.no-friends');
  });

  await test('a second device linked, then the profile deleted from it is gone from the first', async () => {
    await ana.click('.friends-panel button.make-link-code');
    const code = await (await ana.waitForSelector('.link-code')).evaluate((e) => e.textContent);
    const phone = await newPage(browser, {viewport: {width: 390, height: 844, isMobile: true, hasTouch: true}});
    await openPanel(phone, `${url}/`);
    await enter(phone, 'form.link', code);
    check((await text(phone, '.friends-error')) === '', `linking says '${await text(phone, '.friends-error')}'`);
    check((await text(phone, '.profile-name strong')) === 'ana', 'the linked device is not ana\'s');
    await phone.click('.friends-panel button.delete-profile');
    await phone.waitForSelector('form.claim');
    check((await text(phone, '.friends-note')) === 'The profile ana is deleted.', 'no word of the deletion');
    const old = await storedKey(ana);
    await ana.click('.friends-panel button.refresh');
    const said = await refusal(ana);
    check(said.startsWith("The profile 'ana' is no longer on this server"), `the first device says '${said}'`);
    await ana.waitForSelector('form.claim');
    check((await storedKey(ana)) !== old, 'the first device kept the key of a deleted profile');
    check(!ana.errors.length && !bob.errors.length && !phone.errors.length, `page errors: ${ana.errors.concat(bob.errors, phone.errors)}`);
  });

  await test('a request cut off by the server\'s end is refused in the panel, which offers to try again', async () => {
    await bob.evaluate(() => { // the friends request is never sent, so only the lost connection can end it
      const send = WebSocket.prototype.send;
      WebSocket.prototype.send = function (data) { if (!String(data).includes('"friends"')) send.call(this, data); };
    });
    await bob.click('.friends-panel button.refresh');
    await bob.waitForSelector('.friends-body .loading');
    server.proc.kill('SIGTERM');
    check((await refusal(bob)).startsWith('The connection to the server was lost'), `the panel says '${await text(bob, '.friends-error')}'`);
    check(!(await bob.$('.friends-body .loading')), 'the panel is still loading');
    await bob.$eval('.friends-error', (e) => { e.textContent = ''; });
    await bob.click('.friends-body button.retry');
    check((await refusal(bob)) === 'cannot reach the server', `trying again says '${await text(bob, '.friends-error')}'`);
    await bob.waitForSelector('.friends-body button.retry');
    check(!bob.errors.length, `page errors: ${bob.errors}`);
  });
} finally {
  await browser.close();
  server.proc.kill('SIGTERM');
}
console.log(`web friends: ${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed ? 1 : 0);
