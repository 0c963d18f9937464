// net.js — the connection to the server: one WebSocket to the page's own origin,
// the protocol's hello, requests with ids, and every message handed to listeners
// by type. It knows the protocol (sdk/docs/protocol.md) and nothing of any game.

const PROTOCOL = 1;

export class Connection {
  constructor(name) {
    this.name = name;
    this.handlers = new Map();
    this.nextId = 1;
    this.ws = null;
    this.ready = null;
  }

  // Opens the socket and says hello; resolves with the welcome.
  open() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    this.ws = new WebSocket(`${scheme}//${location.host}/`, 'draughts');
    this.ready = new Promise((resolve, reject) => {
      this.ws.addEventListener('open', () => this.send({type: 'hello', protocol: PROTOCOL, name: this.name, client: 'draughts web'}));
      this.ws.addEventListener('error', () => reject(new Error('cannot reach the server')));
      this.once('welcome', resolve);
    });
    this.ws.addEventListener('message', (ev) => this.dispatch(ev.data));
    this.ws.addEventListener('close', () => this.emit({type: 'closed'}));
    return this.ready;
  }

  dispatch(text) {
    let msg;
    try { msg = JSON.parse(text); } catch { return; }
    if (msg && typeof msg.type === 'string') this.emit(msg);
  }

  emit(msg) {
    for (const fn of [...(this.handlers.get(msg.type) || []), ...(this.handlers.get('*') || [])]) fn(msg);
  }

  on(type, fn) {
    if (!this.handlers.has(type)) this.handlers.set(type, []);
    this.handlers.get(type).push(fn);
    return () => this.off(type, fn);
  }

  off(type, fn) {
    const list = this.handlers.get(type) || [];
    const i = list.indexOf(fn);
    if (i >= 0) list.splice(i, 1);
  }

  once(type, fn) {
    const off = this.on(type, (m) => { off(); fn(m); });
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  // A request answered by one message (or an error) carrying its id; refused when the
  // connection is lost first, so that nothing waits for an answer that cannot come.
  request(msg) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject(lost());
        return;
      }
      const done = (m) => {
        if (m.type === 'closed') {
          this.off('*', done);
          reject(lost());
          return;
        }
        if (m.re !== id) return;
        this.off('*', done);
        if (m.type === 'error') reject(Object.assign(new Error(m.message), {code: m.code}));
        else resolve(m);
      };
      this.on('*', done);
      this.send({...msg, id});
    });
  }
}

function lost() {
  return Object.assign(new Error('The connection to the server was lost: try again, or reload the page.'), {code: 'closed'});
}

// Seat tokens, kept in this browser for that game only.
export const seats = {
  key: (game) => `draughts.seat.${game}`,
  get(game) {
    try { return JSON.parse(localStorage.getItem(this.key(game))); } catch { return null; }
  },
  put(game, token, side) { localStorage.setItem(this.key(game), JSON.stringify({token, side})); },
  drop(game) { localStorage.removeItem(this.key(game)); },
};
