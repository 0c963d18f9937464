// game.js — one game as its player or a spectator sees it: the board, both players
// and their clocks, the move list (a move clicked shows that position, "Live" comes
// back), the offers, the end, the spectators' tally, input one landing point at a
// time. Everything about the rules (the legal moves with their paths and the pieces
// they jump, the pieces that must capture, the positions) comes from the server.

import {Board, parseFen} from './board.js';
import {clockText, h} from './dom.js';
import {seats} from './net.js';
import {playSound, setSound, soundOn} from './sound.js';
import {boardTheme, nextBoardTheme} from './theme.js';

const prefixOf = (path, sel) => sel.every((p, i) => path[i] === p);
// A seat whose player did not sign in to the profile of that name is marked: anyone may
// give any name, a profile's nickname too (a seat called "guest" says so already).
const guestMark = (p) => (p.guest && p.name !== 'guest' ? ' (guest)' : '');

export class GameView {
  constructor(root, conn, onLeave) {
    this.root = root;
    this.conn = conn;
    this.onLeave = onLeave;
    this.state = null;
    this.sel = [];
    this.viewPly = null;       // null: live; else the number of moves shown
    this.pending = false;      // a move sent, not yet played
    this.showTally = localStorage.getItem('draughts.tally') !== 'hidden';
    this.flipped = false;
    this.suggested = null;
    this.unsub = ['state', 'moved', 'players', 'offer', 'over', 'tally', 'watchers', 'seated', 'error']
      .map((type) => conn.on(type, (m) => this[`on_${type}`](m)));
    this.timer = setInterval(() => this.drawClocks(), 200);
  }

  close() {
    this.unsub.forEach((off) => off());
    clearInterval(this.timer);
  }

  // The connection came back: into the seat with the token this browser kept, or
  // watching again; the state that answers shows the game as it stands now.
  rejoin() {
    const s = this.state;
    if (!s) return;
    const seat = seats.get(s.game);
    this.conn.send(seat && s.you !== 'spectator' ? {type: 'resume', game: s.game, token: seat.token} : {type: 'watch', game: s.game});
  }

  // -------------------------------------------------------------- messages

  on_state(m) {
    const first = !this.state || this.state.game !== m.game;
    this.state = m;
    this.state.received = performance.now();
    this.fens = [m.start, ...m.moves.map((mv) => mv.fen)];
    this.sel = [];
    this.pending = false;
    if (first) {
      this.flipped = m.you === 'black';
      this.viewPly = null;
      if (location.pathname !== `/g/${m.game}`) history.replaceState(null, '', `/g/${m.game}`);
      this.build();
    }
    this.refresh();
  }

  on_moved(m) {
    const s = this.state;
    if (!s || m.game !== s.game) return;
    const before = parseFen(s.fen).pieces.size;
    Object.assign(s, {fen: m.fen, turn: m.turn, legal: m.legal, must_capture: m.must_capture, status: m.status,
                      result: m.result, reason: m.reason, draw_offer: m.draw_offer, clock: m.clock, received: performance.now()});
    s.moves.push({path: m.path, text: m.text, fen: m.fen});
    this.fens.push(m.fen);
    s.tally = s.you === 'spectator' || s.you === m.turn ? {ply: s.moves.length, suggestions: []} : null;
    this.suggested = null;
    this.sel = [];
    this.pending = false;
    playSound(parseFen(m.fen).pieces.size < before);
    this.refresh();
  }

  on_players(m) { if (this.mine(m)) { this.state.players = {white: m.white, black: m.black}; this.refresh(); } }
  on_watchers(m) { if (this.mine(m)) { this.state.watchers = m.count; this.refresh(); } }
  on_tally(m) { if (this.mine(m)) { this.state.tally = {ply: m.ply, suggestions: m.suggestions}; this.refresh(); } }

  on_offer(m) {
    if (!this.mine(m)) return;
    this.state.draw_offer = m.draw;
    this.state.rematch_offer = m.rematch;
    if (m.event === 'declined') this.say(`${this.sideName(m.by)} declined the ${m.kind}`);
    this.refresh();
  }

  on_over(m) {
    if (!this.mine(m)) return;
    Object.assign(this.state, {status: 'over', result: m.result, reason: m.reason, clock: m.clock, legal: [], received: performance.now()});
    this.refresh();
  }

  on_seated(m) { if (m.token) seats.put(m.game, m.token, m.side); }

  on_error(m) {
    if (!this.state || m.re !== undefined) return; // a request's error goes to whoever asked
    this.pending = false;
    this.sel = [];
    this.say(m.message);
    this.refresh();
  }

  mine(m) { return this.state && m.game === this.state.game; }

  // ------------------------------------------------------------------ view

  sideName(side) { return side && this.state.sides ? this.state.sides[side] || side : side; }

  build() {
    const s = this.state;
    const g = h('section', {class: 'game', 'aria-label': `${s.title} game`});
    this.top = h('div', {class: 'player top'});
    this.bottom = h('div', {class: 'player bottom'});
    const wrap = h('div', {class: 'board-wrap'});
    this.board = new Board(wrap, s.geometry, (name) => this.tap(name));
    this.banner = h('div', {class: 'banner', role: 'status', 'aria-live': 'polite'});
    this.message = h('div', {class: 'message', role: 'alert'});
    this.controls = h('div', {class: 'controls'});
    this.info = h('div', {class: 'info'});
    this.moveList = h('ol', {class: 'moves', 'aria-label': 'moves'});
    this.live = h('button', {type: 'button', class: 'live', onclick: () => this.lookAt(null)}, 'Back to live');
    const side = h('aside', {class: 'side'}, this.info, this.controls, h('h2', {}, 'Moves'), this.moveList, this.live);
    g.append(h('div', {class: 'play'}, this.banner, this.top, wrap, this.bottom, this.message), side);
    this.root.replaceChildren(h('h1', {}, s.title), g);
  }

  refresh() {
    const s = this.state;
    if (!s || !this.board) return;
    this.drawBoard();
    this.drawPlayers();
    this.drawClocks();
    this.drawControls();
    this.drawMoves();
    this.drawInfo();
    this.banner.textContent = s.status === 'over' ? this.outcome() : '';
    this.banner.hidden = s.status !== 'over';
    this.banner.dataset.result = s.status === 'over' ? s.result : '';
  }

  // The end in the player's words ("You lost: white ran out of time"), above the board.
  outcome() {
    const s = this.state, player = s.you === 'white' || s.you === 'black';
    const winner = {'1-0': 'white', '0-1': 'black'}[s.result];
    if (!winner) {
      const head = s.result === '1/2-1/2' ? 'Drawn' : 'No result';
      if (!s.reason) return head;
      return s.result === '*' ? s.reason[0].toUpperCase() + s.reason.slice(1) : `${head}: ${s.reason}`;
    }
    const head = !player ? `${this.sideName(winner)} won` : winner === s.you ? 'You won' : 'You lost';
    return s.reason ? `${head}: ${s.reason}` : head;
  }

  canInput() {
    const s = this.state;
    if (s.status !== 'playing' || this.viewPly !== null || this.pending) return false;
    return s.you === 'spectator' || s.you === s.turn;
  }

  drawBoard() {
    const s = this.state;
    const ply = this.viewPly === null ? s.moves.length : this.viewPly;
    const pos = parseFen(this.fens[ply] || s.fen);
    const input = this.canInput();
    const fits = input ? s.legal.filter((m) => prefixOf(m.path, this.sel)) : [];
    const targets = this.sel.length ? fits.filter((m) => m.path.length > this.sel.length).map((m) => m.path[this.sel.length]) : [];
    const legs = Math.max(0, this.sel.length - 1);
    const jumped = [...new Set(fits.flatMap((m) => m.jumped.slice(0, legs)))];
    if (this.sel.length > 1) { // the piece goes along with the landings tapped
      const piece = pos.pieces.get(this.sel[0]);
      pos.pieces.delete(this.sel[0]);
      pos.pieces.set(this.sel[this.sel.length - 1], piece);
    }
    const last = ply > 0 ? s.moves[ply - 1].path : [];
    const showTally = this.showTally && s.tally && this.viewPly === null && s.status === 'playing';
    this.board.render({
      pieces: pos.pieces, last, selected: this.sel.slice(0, 1), targets, jumped,
      must: input && !this.sel.length ? s.must_capture : [],
      movable: input && !this.sel.length ? [...new Set(s.legal.map((m) => m.path[0]))] : [],
      tally: showTally ? s.tally.suggestions : null,
      darkSide: /black|dark|red/i.test(this.sideName('white')) ? 'white' : 'black',
      sideNames: s.sides,
    });
    if (this.flipped !== this.board.flipped) this.board.setFlipped(this.flipped);
  }

  drawPlayers() {
    const s = this.state;
    const bottomSide = this.flipped ? 'black' : 'white';
    for (const [box, side] of [[this.bottom, bottomSide], [this.top, bottomSide === 'white' ? 'black' : 'white']]) {
      const p = s.players && s.players[side];
      const name = p ? p.name + (p.computer ? ` (level ${p.computer.level}${p.computer.streak !== undefined ? `, streak ${p.computer.streak}` : ''})` : '')
                         + guestMark(p) : 'waiting for a player';
      const away = p && !p.connected ? ` — away${p.gone !== null ? `, ${Math.ceil(p.gone / 1000)} s left` : ''}` : '';
      const turn = s.status === 'playing' && s.turn === side;
      box.replaceChildren(
        h('span', {class: `swatch ${/black|dark|red/i.test(this.sideName(side)) ? 'dark' : 'light'}`, 'aria-hidden': 'true'}),
        h('span', {class: 'name'}, name),
        h('span', {class: 'side-name'}, ` ${this.sideName(side)}${s.you === side ? ' (you)' : ''}${away}`),
        h('span', {class: `clock${turn ? ' running' : ''}`, 'data-side': side, 'aria-label': `${this.sideName(side)}'s clock`}));
      box.classList.toggle('to-move', turn);
    }
  }

  drawClocks() {
    const s = this.state;
    if (!s || !this.root.isConnected) return;
    for (const el of this.root.querySelectorAll('.clock')) {
      const side = el.getAttribute('data-side');
      if (!s.clock) { el.textContent = ''; continue; }
      let ms = s.clock[side];
      if (s.clock.running === side && s.status === 'playing') ms -= performance.now() - s.received;
      el.textContent = clockText(ms);
    }
  }

  button(label, fn, attrs = {}) { return h('button', {type: 'button', onclick: fn, ...attrs}, label); }

  drawControls() {
    const s = this.state, me = s.you, player = me === 'white' || me === 'black';
    const other = me === 'white' ? 'black' : 'white';
    const list = [this.button('Flip board', () => { this.flipped = !this.flipped; this.refresh(); }, {'aria-pressed': String(this.flipped)}),
                  this.button(soundOn() ? 'Sound: on' : 'Sound: off', () => { setSound(!soundOn()); this.refresh(); }),
                  this.button(`Board: ${boardTheme()}`, () => { nextBoardTheme(); this.refresh(); }, {class: 'theme'})];
    if (s.tally !== null || me === 'spectator')
      list.push(this.button(this.showTally ? 'Hide tally' : 'Show tally', () => {
        this.showTally = !this.showTally;
        localStorage.setItem('draughts.tally', this.showTally ? 'shown' : 'hidden');
        this.refresh();
      }, {class: 'toggle-tally'}));
    if (player && s.status === 'playing') {
      if (s.draw_offer === other) {
        list.push(this.button('Accept draw', () => this.conn.send({type: 'draw', action: 'accept'}), {class: 'accept-draw'}));
        list.push(this.button('Decline draw', () => this.conn.send({type: 'draw', action: 'decline'})));
      } else if (s.draw_offer !== me) {
        list.push(this.button('Offer draw', () => this.conn.send({type: 'draw', action: 'offer'}), {class: 'offer-draw'}));
      }
      list.push(this.button('Resign', () => { if (confirm('Resign this game?')) this.conn.send({type: 'resign'}); }, {class: 'resign'}));
      if (s.moves.length < 2) list.push(this.button('Abort', () => this.conn.send({type: 'abort'})));
    }
    if (player && s.status === 'waiting') list.push(this.button('Cancel the game', () => this.conn.send({type: 'abort'}), {class: 'cancel'}));
    if (player && s.status === 'over' && s.players.white && s.players.black) {
      if (s.rematch_offer === other) {
        list.push(this.button('Accept rematch', () => this.conn.send({type: 'rematch', action: 'accept'}), {class: 'rematch'}));
        list.push(this.button('Decline rematch', () => this.conn.send({type: 'rematch', action: 'decline'})));
      } else if (s.rematch_offer !== me) {
        list.push(this.button('Rematch', () => this.conn.send({type: 'rematch', action: 'offer'}), {class: 'rematch'}));
      }
    }
    if (s.status === 'over') list.push(h('a', {href: `/games/${encodeURIComponent(s.game)}.pdn`, download: `${s.game}.pdn`, class: 'pdn'}, 'Download PDN'));
    list.push(this.button('Lobby', () => { this.conn.send({type: 'leave'}); this.onLeave(); }));
    this.controls.replaceChildren(...list);
  }

  // The moves in pairs, one numbered line per move of both sides, as a score sheet.
  drawMoves() {
    const s = this.state, rows = [];
    s.moves.forEach((mv, i) => {
      const b = h('button', {
        type: 'button', class: this.viewPly === i + 1 ? 'shown' : '',
        'aria-label': `move ${Math.floor(i / 2) + 1}, ${this.sideName(i % 2 ? 'black' : 'white')}: ${mv.text}`,
        onclick: () => this.lookAt(i + 1),
      }, mv.text);
      if (i % 2 === 0) rows.push(h('li', {}, b));
      else rows[rows.length - 1].append(b);
    });
    this.moveList.replaceChildren(...rows);
    this.live.hidden = this.viewPly === null;
    this.live.textContent = s.status === 'over' ? 'Back to the end' : 'Back to live';
    if (this.viewPly === null && this.moveList.lastChild) this.moveList.lastChild.scrollIntoView({block: 'nearest'});
  }

  drawInfo() {
    const s = this.state;
    const parts = [];
    if (s.status === 'waiting' && s.code) {
      const link = `${location.origin}/g/${s.code}`;
      parts.push(h('p', {}, 'Send this link to your opponent: ', h('a', {href: link, class: 'join-link'}, link)),
                 h('p', {}, 'or the code ', h('strong', {class: 'join-code'}, s.code)));
    }
    if (s.status === 'playing') {
      let turn = `${this.sideName(s.turn)} to move`;
      if (s.you === s.turn) turn = 'Your move';
      if (s.draw_offer) turn += ` — ${this.sideName(s.draw_offer)} offers a draw`;
      parts.push(h('p', {class: 'turn'}, turn));
    }
    if (s.rematch_offer && s.status === 'over') parts.push(h('p', {}, `${this.sideName(s.rematch_offer)} asks for a rematch`));
    if (s.you === 'spectator' && s.status === 'playing')
      parts.push(h('p', {class: 'suggest-help'}, this.suggested ? `You suggest ${this.suggested}` : 'Tap a move to suggest it to the player'));
    parts.push(h('p', {class: 'watchers'}, `${s.watchers} watching`));
    this.info.replaceChildren(...parts);
  }

  say(text) {
    this.message.textContent = text;
    clearTimeout(this.sayTimer);
    this.sayTimer = setTimeout(() => { this.message.textContent = ''; }, 5000);
  }

  lookAt(ply) {
    this.viewPly = ply === null || ply >= this.state.moves.length ? null : ply;
    this.sel = [];
    this.refresh();
  }

  // ----------------------------------------------------------------- input

  tap(name) {
    const s = this.state;
    if (this.viewPly !== null) return this.say('You are looking back: press "Back to live" to play');
    if (!this.canInput()) return;
    const froms = new Set(s.legal.map((m) => m.path[0]));
    if (!this.sel.length) {
      if (froms.has(name)) this.sel = [name];
      else if (s.must_capture.length && parseFen(s.fen).pieces.get(name)?.side === s.turn) this.say('A capture is forced: move one of the circled pieces');
      return this.refresh();
    }
    const fits = s.legal.filter((m) => prefixOf(m.path, this.sel));
    const next = fits.filter((m) => m.path[this.sel.length] === name);
    if (next.length) {
      this.sel = [...this.sel, name];
      const done = next.find((m) => m.path.length === this.sel.length);
      if (done) return this.submit(done.path);
    } else if (this.sel.length === 1 && froms.has(name) && name !== this.sel[0]) {
      this.sel = [name];
    } else if (this.sel.length === 1 && name === this.sel[0]) {
      this.sel = [];
    }
    this.refresh();
  }

  submit(path) {
    const s = this.state;
    if (s.you === 'spectator') {
      this.conn.send({type: 'suggest', path, ply: s.moves.length});
      this.suggested = path.join('-');
      this.sel = [];
    } else {
      this.conn.send({type: 'move', path, ply: s.moves.length});
      this.pending = true;
    }
    this.refresh();
  }
}
