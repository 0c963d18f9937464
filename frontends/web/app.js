// app.js — the page: the lobby (a name, creating a game, joining by code or link,
// the live public games, a game against the computer, the friends panel) and the way
// into a game from its address ('/g/CODE': a join code, or a game's id to watch it or
// to come back to one's seat with the token this browser kept for it; '/#invite=CODE':
// a friend's invitation, for the friends panel).

import {h} from './dom.js';
import {FriendsPanel, inviteFromAddress} from './friends.js';
import {GameView} from './game.js';
import {Connection, seats} from './net.js';

const app = document.getElementById('app');
let conn = null, view = null, variants = [], listOff = null;

function nickname() {
  return (localStorage.getItem('draughts.name') || '').trim() || 'guest';
}

function fail(text) {
  const box = document.querySelector('.lobby-error') || app.appendChild(h('p', {class: 'lobby-error', role: 'alert'}));
  box.textContent = text;
}

// The connection's own line, above whatever the page shows: lost, trying again, back.
function connectionNote(text) {
  let note = document.querySelector('.connection-note');
  if (!note) note = document.body.insertBefore(h('p', {class: 'connection-note', role: 'status', 'aria-live': 'polite'}), app);
  note.textContent = text;
  note.hidden = !text;
}

// Back on a new socket: the game view takes its seat again (or watches again), the lobby
// asks for the list again.
function reconnected() {
  connectionNote('');
  if (view) view.rejoin();
  else if (listOff) conn.send({type: 'list', subscribe: true});
}

async function connect() {
  if (conn && conn.ws.readyState === WebSocket.OPEN && conn.name === nickname()) return conn;
  if (conn) conn.close();
  conn = new Connection(nickname());
  conn.on('reconnecting', (m) => connectionNote(`The connection to the server was lost: trying again in ${Math.ceil(m.delay / 1000)} s…`));
  conn.on('reconnected', reconnected);
  conn.on('created', (m) => seats.put(m.game, m.token, m.side));
  conn.on('seated', (m) => { if (m.token) seats.put(m.game, m.token, m.side); });
  await conn.open();
  variants = (await conn.request({type: 'variants'})).variants;
  return conn;
}

function enterGame() {
  stopList();
  if (view) view.close();
  view = new GameView(app, conn, () => { view.close(); view = null; history.pushState(null, '', '/'); lobby(); });
  app.replaceChildren(h('p', {class: 'loading'}, 'Loading the game…'));
}

// ------------------------------------------------------------------ lobby

function select(name, label, options, value) {
  return h('label', {}, label, ' ', h('select', {name}, options.map(([v, text]) => h('option', {value: v, selected: v === value}, text))));
}

function optionInputs(variant) {
  return variant.options.map((o) => h('label', {class: 'option', title: o.doc}, `${o.name.replaceAll('_', ' ')} `,
    o.type === 'bool'
      ? h('input', {type: 'checkbox', name: `opt:${o.name}`, checked: !!o.default, 'data-default': o.default})
      : h('input', {type: 'number', name: `opt:${o.name}`, value: o.default, min: o.min, max: o.max, 'data-default': o.default})));
}

function variantFields(form, onChange) {
  const pick = select('variant', 'Variant', variants.map((v) => [v.name, v.title]), variants[0] && variants[0].name);
  const extra = h('div', {class: 'variant-extra'});
  const fill = () => {
    const v = variants.find((x) => x.name === pick.querySelector('select').value);
    extra.replaceChildren(select('rules', 'Rules', v.presets.map((p) => [p.name, `${p.name} — ${p.doc}`]), v.presets[0] && v.presets[0].name),
                          h('details', {}, h('summary', {}, 'Options'), optionInputs(v)));
    if (onChange) onChange(v);
  };
  pick.querySelector('select').addEventListener('change', fill);
  fill();
  form.append(pick, extra);
}

function sideChoices(form, variant) {
  const box = form.querySelector('.side-choice');
  const current = box.querySelector('select') ? box.querySelector('select').value : 'random';
  box.replaceChildren(select('side', 'Play as', [['random', 'either, at random'], ['white', `${variant.sides[0]} (moves first)`], ['black', variant.sides[1]]], current));
}

function createRequest(form) {
  const data = new FormData(form);
  const msg = {type: 'create', variant: data.get('variant'), rules: data.get('rules'), side: data.get('side') || 'random'};
  const sets = [];
  for (const input of form.querySelectorAll('[name^="opt:"]')) {
    const value = input.type === 'checkbox' ? (input.checked ? 1 : 0) : Number(input.value);
    if (String(value) !== input.getAttribute('data-default') && !(input.type === 'checkbox' && value === (input.getAttribute('data-default') === '1' ? 1 : 0)))
      sets.push(`${input.name.slice(4)}=${value}`);
  }
  if (sets.length) msg.set = sets;
  const minutes = Number(data.get('minutes') || 0), inc = Number(data.get('increment') || 0);
  if (minutes > 0) msg.clock = {initial: Math.round(minutes * 60), increment: inc};
  if (data.get('public')) msg.public = true;
  if (data.get('computer')) msg.computer = data.get('computer');
  return msg;
}

async function submitCreate(ev, form) {
  ev.preventDefault();
  try {
    await connect();
    enterGame();
    await conn.request(createRequest(form));
  } catch (e) {
    lobby();
    fail(e.message);
  }
}

function gameForm(kind) {
  const form = h('form', {class: `create ${kind}`, 'aria-label': kind === 'computer' ? 'play the computer' : 'create a game'});
  const sideBox = h('div', {class: 'side-choice'});
  form.append(sideBox);
  variantFields(form, (v) => sideChoices(form, v));
  form.insertBefore(form.querySelector('.side-choice'), null);
  if (kind === 'computer') {
    form.append(select('computer', 'Level', [['1', '1 (beginner)'], ['2', '2'], ['3', '3'], ['4', '4'], ['5', '5'], ['6', '6 (full strength)'], ['streak', 'follows your winning streak']], '1'));
  } else {
    form.append(h('fieldset', {}, h('legend', {}, 'Clock'),
      h('label', {}, 'Minutes ', h('input', {type: 'number', name: 'minutes', min: 0, max: 180, value: 0, step: 'any'})),
      h('label', {}, 'Increment (s) ', h('input', {type: 'number', name: 'increment', min: 0, max: 600, value: 0}))),
      h('label', {}, h('input', {type: 'checkbox', name: 'public'}), ' List it publicly'));
  }
  form.append(h('button', {type: 'submit'}, kind === 'computer' ? 'Play the computer' : 'Create the game'));
  form.addEventListener('submit', (ev) => submitCreate(ev, form));
  return form;
}

function joinForm() {
  const form = h('form', {class: 'join', 'aria-label': 'join a game'},
    h('label', {}, 'Code or link ', h('input', {name: 'code', required: true, autocomplete: 'off', spellcheck: 'false'})),
    h('button', {type: 'submit'}, 'Join'));
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = new FormData(form).get('code').trim();
    const code = text.replace(/^.*\/g\//, '');
    history.pushState(null, '', `/g/${encodeURIComponent(code)}`);
    route();
  });
  return form;
}

function gameRow(g) {
  const players = `${g.white || '—'} v ${g.black || '—'}`;
  const clock = g.clock ? ` ${g.clock.initial / 60}+${g.clock.increment}` : '';
  const actions = [h('a', {href: `/g/${g.game}`, class: 'watch'}, 'Watch')];
  if (g.status === 'waiting' && g.code) actions.push(' ', h('a', {href: `/g/${g.code}`, class: 'join-public'}, 'Join'));
  return h('li', {'data-game': g.game}, h('span', {class: 'title'}, g.title), ` ${players}${clock} · ${g.status}, ${g.plies} plies · `,
           h('span', {class: 'watching'}, `${g.watchers} watching`), ' ', ...actions);
}

function showList(list, games) {
  list.replaceChildren(...(games.length ? games.map(gameRow) : [h('li', {class: 'none'}, 'No public game right now.')]));
}

// The server pushes the list again whenever it changes, while the lobby shows it.
function stopList() {
  if (!listOff) return;
  listOff();
  listOff = null;
  conn.send({type: 'list', subscribe: false});
}

const titleOf = (name) => (variants.find((v) => v.name === name) || {title: name}).title;

// 'invite': an invitation code from the address, for the friends panel to accept.
async function lobby(invite = null) {
  stopList();
  const nameInput = h('input', {name: 'name', value: localStorage.getItem('draughts.name') || '', maxlength: 32, autocomplete: 'nickname', placeholder: 'guest'});
  nameInput.addEventListener('change', () => { localStorage.setItem('draughts.name', nameInput.value.trim()); connect().catch((e) => fail(e.message)); });
  app.replaceChildren(h('h1', {}, 'draughts'), h('p', {class: 'loading'}, 'Connecting…'));
  try { await connect(); } catch (e) { return fail(e.message); }
  // A row until the server's list comes, so that the page below does not jump when it does.
  const list = h('ul', {class: 'games', 'aria-live': 'polite'}, h('li', {class: 'none pending'}, 'Looking for public games…'));
  const friends = new FriendsPanel(connect, titleOf, localStorage.getItem('draughts.name') || '', invite);
  app.replaceChildren(
    h('h1', {}, 'draughts'),
    h('label', {class: 'nickname'}, 'Your name ', nameInput),
    h('div', {class: 'lobby'},
      h('section', {}, h('h2', {}, 'Play the computer'), gameForm('computer')),
      h('section', {}, h('h2', {}, 'Create a game'), gameForm('people')),
      h('section', {}, h('h2', {}, 'Join a game'), joinForm(),
        h('h2', {}, 'Live public games'), list),
      h('section', {class: 'friends'}, friends.element)));
  listOff = conn.on('games', (m) => showList(list, m.games));
  conn.send({type: 'list', subscribe: true});
}

// ----------------------------------------------------------------- routing

async function route() {
  const invite = inviteFromAddress();
  if (invite !== null) return lobby(invite);
  const m = /^\/g\/([^/]+)$/.exec(location.pathname);
  if (!m) return lobby();
  const code = decodeURIComponent(m[1]);
  try {
    await connect();
    enterGame();
    const seat = seats.get(code);
    if (seat) {
      try { return await conn.request({type: 'resume', game: code, token: seat.token}); } catch (e) {
        if (e.code !== 'not_found' && e.code !== 'bad_token') throw e;
        seats.drop(code);
      }
    }
    try { return await conn.request({type: 'watch', game: code}); } catch (e) { if (e.code !== 'not_found') throw e; }
    try { return await conn.request({type: 'join', code}); } catch (e) { if (e.code !== 'not_found') throw e; }
    await finishedGame(code);
  } catch (e) {
    await lobby();
    fail(e.message);
  }
}

// A finished game the server cannot replay (a 'watch' of one it can gives its state):
// its PDN, to read and download.
async function finishedGame(id) {
  let pdn;
  try { pdn = await conn.request({type: 'pdn', game: id}); } catch (e) {
    throw e.code === 'closed' ? e : new Error(`No game has the code or id '${id}'.`);
  }
  view.close();
  view = null;
  app.replaceChildren(h('h1', {}, 'A finished game'), h('pre', {class: 'pdn-text'}, pdn.text),
    h('p', {}, h('a', {href: `/games/${encodeURIComponent(id)}.pdn`, download: `${id}.pdn`}, 'Download PDN'), ' · ', h('a', {href: '/'}, 'Lobby')));
}

window.addEventListener('popstate', () => route()); // also an invitation link opened in this page
route();

// Installable, and openable with the network gone (sw.js keeps the page's own files).
if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => {});
