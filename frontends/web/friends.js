// friends.js — the profile and the friends panel (sdk/docs/protocol.md, "Profiles and
// friends"): a nickname claimed with a device key this browser draws and keeps, a second
// device linked with a one-time code, invitations as links ('/#invite=CODE': a fragment
// never reaches the server, so the code is in no log), and the friends with their bests.
// Who may see what is the server's to decide: the page shows its refusals as they come.
// An invitation is accepted only when the person says so, having seen who invites as the
// server names them: a link is anyone's to send, and a friend reads one's bests.

import {h} from './dom.js';

// The page's storage belongs to its origin, which is the server that served it: so one key
// per server, as the protocol asks. HELD is the nickname the key holds, once it holds one:
// a later visit signs in, and a profile gone meanwhile is named when the page says so.
const KEY = 'draughts.device-key', HELD = 'draughts.profile';
const LINK_PREFIX = '#invite=';

const device = {
  // The key, drawn from the browser's CSPRNG the first time it is needed.
  key() {
    let key = localStorage.getItem(KEY);
    if (!/^[0-9a-f]{64}$/.test(key || '')) {
      key = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
      localStorage.setItem(KEY, key);
    }
    return key;
  },
  held: () => localStorage.getItem(HELD),
  hold: (name) => localStorage.setItem(HELD, name),
  // A key whose profile is gone is never used again, so that the nickname is not
  // claimed again behind its owner's back.
  forget() {
    localStorage.removeItem(KEY);
    localStorage.removeItem(HELD);
  },
};

// The invitation code in the page's address, which leaves the address at once (it stays
// out of the history and of a link shared from here); null when there is none.
export function inviteFromAddress() {
  if (!location.hash.startsWith(LINK_PREFIX)) return null;
  const text = location.hash;
  history.replaceState(null, '', '/');
  try { return decodeURIComponent(text); } catch { return text; }
}

// The protocol's bounds on what a person types (sdk/docs/protocol.md), checked here as
// well: the server refuses a message out of them without saying which request it
// answers, and the page would wait for that answer.
const NICK_BYTES = 32, CODE_BYTES = 16;
const bytes = (text) => new TextEncoder().encode(text).length;

// A code as typed or pasted: the code itself, or an invitation link (whose fragment ends
// at an '&': whatever follows, a name for one, is the link's sender's word, not the server's).
function codeOf(text) {
  const at = text.indexOf(LINK_PREFIX);
  const code = (at >= 0 ? text.slice(at + LINK_PREFIX.length).split('&')[0] : text).trim();
  if (bytes(code) > CODE_BYTES) throw new Error(`that code does not work: a code has at most ${CODE_BYTES} letters and digits`);
  return code;
}

function nickOf(text) {
  if (bytes(text) > NICK_BYTES) throw new Error(`a nickname has at most ${NICK_BYTES} bytes (an accented letter takes two or more)`);
  return text;
}

const when = (ms, day = false) => {
  const d = new Date(ms);
  return h('time', {datetime: d.toISOString()}, day ? d.toLocaleDateString() : d.toLocaleString());
};

// The profile this browser held is gone (deleted, from here or another device): its key
// is forgotten, and the connection holds no profile.
function gone(conn) {
  const name = device.held();
  device.forget();
  conn.signing = Promise.resolve(null);
  return Object.assign(new Error(`The profile '${name}' is no longer on this server (deleted from another device?): claim a nickname or link this device.`), {code: 'gone'});
}

// A connection signs in once, with the kept key: the nickname, or null without a profile.
function signIn(conn) {
  conn.signing = conn.signing || (async () => {
    if (!device.held()) return null;
    try {
      return (await conn.request({type: 'sign_in', key: device.key()})).name;
    } catch (e) {
      if (e.code === 'no_profile') throw gone(conn);
      conn.signing = null; // the next request tries again
      throw e;
    }
  })();
  return conn.signing;
}

function signedAs(conn, name) {
  conn.signing = Promise.resolve(name);
  if (name) device.hold(name);
  else device.forget();
}

// ------------------------------------------------------------------ bests

function bestsGroups(b) {
  const groups = new Map();
  const group = (x) => {
    const k = `${x.variant}\n${x.rules}`;
    if (!groups.has(k)) groups.set(k, {variant: x.variant, rules: x.rules, records: [], streak: null});
    return groups.get(k);
  };
  for (const r of b.records) group(r).records.push(r);
  for (const s of b.streaks) group(s).streak = s;
  return [...groups.values()];
}

function recordRow(r) {
  return h('tr', {}, h('td', {}, String(r.level)), h('td', {class: 'points'}, String(r.points)),
           h('td', {class: 'mark'}, r.mark ? `beats ${r.mark}` : ''), h('td', {}, String(r.pieces)),
           h('td', {}, String(r.moves)), h('td', {}, r.finished ? when(r.finished * 1000, true) : ''));
}

// One profile's bests: per variant and rules, the best streak and the record at each level.
function bestsView(b, titleOf) {
  const groups = bestsGroups(b);
  if (!groups.length) return h('p', {class: 'no-bests'}, 'No bests yet.');
  return groups.map((g) => {
    const streak = g.streak ? ` · best streak ${g.streak.best} (now ${g.streak.current})` : '';
    const rows = g.records.sort((x, y) => x.level - y.level).map(recordRow);
    return h('table', {class: 'bests', 'data-variant': g.variant},
      h('caption', {}, `${titleOf(g.variant)} · ${g.rules}${streak}`),
      rows.length ? h('thead', {}, h('tr', {}, ['Level', 'Points', 'Mark', 'Pieces', 'Moves', 'When'].map((t) => h('th', {class: t === 'Mark' ? 'mark' : null}, t)))) : null,
      h('tbody', {}, rows));
  });
}

// ------------------------------------------------------------------ panel

export class FriendsPanel {
  // 'connect' gives the page's connection (it may be a new one); 'name' the lobby's name,
  // offered as the nickname; 'invite' a code from the address, shown once signed in with
  // who invites, for the person to accept or decline.
  constructor(connect, titleOf, name, invite) {
    this.connect = connect;
    this.titleOf = titleOf;
    this.name = name;
    this.invite = invite;
    this.conn = null;
    this.body = h('div', {class: 'friends-body'});
    this.note = h('p', {class: 'friends-note', role: 'status', 'aria-live': 'polite'});
    this.error = h('p', {class: 'friends-error', role: 'alert'});
    this.element = h('details', {class: 'friends-panel'},
      h('summary', {}, h('h2', {}, 'Friends')), this.note, this.error, this.body);
    this.element.addEventListener('toggle', () => { if (this.element.open) this.act(() => this.show()); });
    if (invite !== null) this.element.open = true;
  }

  // What a person asked for, its refusal shown in the server's words; a panel that could
  // not load offers to try again.
  async act(fn) {
    this.note.textContent = '';
    this.error.textContent = '';
    try { await fn(); } catch (e) {
      this.error.textContent = e.message;
      if (e.code === 'gone') this.showNoProfile();
      else if (this.body.querySelector('.loading'))
        this.body.replaceChildren(h('button', {type: 'button', class: 'retry', onclick: () => this.act(() => this.show())}, 'Try again'));
    }
  }

  // One request, on the page's connection signed in first unless it is 'claim' or 'link'.
  async ask(msg) {
    const signed = msg.type !== 'claim' && msg.type !== 'link';
    this.conn = await this.connect();
    if (signed) await signIn(this.conn);
    try { return await this.conn.request(msg); } catch (e) {
      throw e.code === 'no_profile' && signed ? gone(this.conn) : e;
    }
  }

  async show() {
    this.body.replaceChildren(h('p', {class: 'loading'}, 'Loading…'));
    this.conn = await this.connect();
    const name = await signIn(this.conn);
    if (!name) return this.showNoProfile();
    if (this.invite !== null && await this.showInvitation()) return;
    return this.showProfile(name);
  }

  // Who invites, as the server knows them (the code is not used by looking), and the
  // question; false when the code does not work, which is said.
  async showInvitation() {
    let from;
    try { from = await this.ask({type: 'invitation', code: codeOf(this.invite)}); } catch (e) {
      if (e.code === 'gone') throw e;
      this.invite = null;
      this.error.textContent = e.message;
      return false;
    }
    const button = (label, cls, fn) => h('button', {type: 'button', class: cls, onclick: () => this.act(fn)}, label);
    this.body.replaceChildren(h('div', {class: 'invitation-ask', role: 'group', 'aria-label': 'an invitation'},
      h('p', {}, h('strong', {class: 'inviter'}, from.name), ' invites you to be friends here: each of you will see the other\'s bests.'),
      h('p', {class: 'controls'},
        button('Accept', 'accept-invite', () => this.acceptInvite()),
        button('Decline', 'decline-invite', () => this.declineInvite()))));
    return true;
  }

  async acceptInvite() {
    const text = this.invite;
    this.invite = null;
    try {
      const friend = await this.ask({type: 'accept', code: codeOf(text)});
      this.note.textContent = `You and ${friend.name} are friends now: you see each other's bests.`;
    } catch (e) {
      if (e.code === 'gone') throw e;
      this.error.textContent = e.message;
    }
    await this.show();
  }

  // The code is forgotten, in the address too; the inviter is not told.
  async declineInvite() {
    this.invite = null;
    if (location.hash.startsWith(LINK_PREFIX)) history.replaceState(null, '', '/');
    await this.show();
    this.note.textContent = 'Invitation declined.';
  }

  form(cls, label, field, button, onSubmit) {
    const form = h('form', {class: cls, 'aria-label': button.toLowerCase()},
      h('label', {}, `${label} `, h('input', {name: 'field', required: true, autocomplete: 'off', spellcheck: 'false', ...field})),
      h('button', {type: 'submit'}, button));
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      this.act(() => onSubmit(form.elements.field.value.trim()));
    });
    return form;
  }

  // ----------------------------------------------------- without a profile

  showNoProfile() {
    device.key(); // drawn now, before the person types anything
    this.body.replaceChildren(
      h('p', {}, this.invite !== null ? 'A friend invites you: claim a nickname (or link this device to your profile), then see who it is and answer.'
                                      : 'A profile here is a nickname and nothing else: no e-mail, no password. This browser keeps its key.'),
      this.form('claim', 'Nickname', {value: this.name, maxlength: 32, autocomplete: 'nickname'}, 'Claim it',
                (name) => this.enter({type: 'claim', name: nickOf(name)})),
      h('p', {}, 'Already have a profile on another device? Make a link code there (“Link another device”, or ',
        h('code', {}, 'draughts profile link'), ') and type it here:'),
      this.form('link', 'Link code', {}, 'Link this device', (text) => this.enter({type: 'link', code: codeOf(text)})));
  }

  // 'claim' or 'link': the profile this browser's key then holds.
  async enter(msg) {
    const got = await this.ask({...msg, key: device.key()});
    signedAs(this.conn, got.name);
    await this.show();
    if (!this.error.textContent && !this.note.textContent)
      this.note.textContent = msg.type === 'claim' ? `You are ${got.name} on this server.` : `This device is ${got.name}'s now.`;
  }

  // ---------------------------------------------------------- signed in

  async showProfile(name) {
    const codes = h('div', {class: 'codes'});
    const button = (label, cls, fn) => h('button', {type: 'button', class: cls, onclick: () => this.act(fn)}, label);
    const friends = await this.ask({type: 'friends'});
    const mine = await this.ask({type: 'bests', name});
    this.body.replaceChildren(
      h('p', {class: 'profile-name'}, 'You are ', h('strong', {}, name), ' here.'),
      h('div', {class: 'controls'},
        button('Invite a friend', 'make-invite', () => this.makeCode('invite', codes)),
        button('Link another device', 'make-link-code', () => this.makeCode('link_code', codes)),
        button('Refresh', 'refresh', () => this.show()),
        button('Delete the profile', 'delete-profile', () => this.remove(name))),
      codes,
      this.form('accept', 'Invitation code or link', {}, 'See who invites', (text) => { this.invite = text; return this.show(); }),
      h('h3', {}, 'Your friends'),
      friends.friends.length ? h('ul', {class: 'friend-list'}, friends.friends.map((f) => this.friendItem(f)))
                             : h('p', {class: 'no-friends'}, 'No friends yet: invite one.'),
      h('details', {class: 'own-bests'}, h('summary', {}, 'Your bests, as your devices uploaded them'), bestsView(mine, this.titleOf)));
  }

  friendItem(f) {
    const remove = h('button', {type: 'button', class: 'remove', onclick: () => this.act(() => this.unfriend(f.name))}, 'Remove');
    return h('li', {class: 'friend', 'data-name': f.name}, h('h4', {}, h('span', {class: 'friend-name'}, f.name), ' ', remove),
             bestsView(f, this.titleOf));
  }

  async makeCode(type, box) {
    const c = await this.ask({type});
    box.replaceChildren(type === 'invite' ? inviteView(c) : linkView(c));
  }

  async unfriend(name) {
    if (!confirm(`Remove ${name} from your friends? Neither of you will see the other's bests.`)) return;
    await this.ask({type: 'unfriend', name});
    await this.show();
    this.note.textContent = `${name} is no longer your friend.`;
  }

  async remove(name) {
    if (!confirm(`Delete the profile ${name} and everything this server holds about it (friends, bests, other devices)?`)) return;
    await this.ask({type: 'delete_profile'});
    signedAs(this.conn, null);
    await this.show();
    this.note.textContent = `The profile ${name} is deleted.`;
  }
}

function inviteView(c) {
  const url = `${location.origin}/${LINK_PREFIX}${c.code}`;
  const input = h('input', {class: 'invite-link', readonly: true, value: url, 'aria-label': 'invitation link'});
  const copy = h('button', {type: 'button', class: 'copy', onclick: () => copyText(input, copy)}, 'Copy');
  return h('div', {class: 'invitation'},
    h('p', {}, 'Send this link to a friend; it works once, until ', when(c.expires), ':'),
    h('p', {class: 'copy-row'}, input, ' ', copy),
    h('p', {}, 'or the code ', h('strong', {class: 'invite-code'}, c.code), ' (', h('code', {}, `draughts friends accept ${c.code}`), ').'));
}

function linkView(c) {
  return h('div', {class: 'linking'},
    h('p', {}, 'On your other device, type this code under “Link this device” (or ',
      h('code', {}, `draughts profile link ${c.code}`), '); it works once, until ', when(c.expires), ':'),
    h('p', {}, h('strong', {class: 'link-code'}, c.code)));
}

// The clipboard where the page may write to it (a secure origin), else the selection.
async function copyText(input, button) {
  input.select();
  try { await navigator.clipboard.writeText(input.value); } catch { document.execCommand('copy'); }
  button.textContent = 'Copied';
}
