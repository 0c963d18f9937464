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

  // Opens the socket and says hello; resolves with the welcome.  A connection that was
  // welcomed and then lost opens again by itself, soon at first, then up to every 15 s:
  // 'reconnecting' (with the delay) before each try, 'reconnected' once welcomed again.
  open() {
    this.closing = false;
    return this.attach();
  }

  attach() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = this.ws = new WebSocket(`${scheme}//${location.host}/`, 'draughts');
    this.ready = new Promise((resolve, reject) => {
      const offWelcome = this.on('welcome', (m) => {
        offWelcome();
        this.welcomed = true;
        this.attempts = 0;
        resolve(m);
      });
      ws.addEventListener('open', () => this.send({type: 'hello', protocol: PROTOCOL, name: this.name, client: 'draughts web'}));
      ws.addEventListener('error', () => { offWelcome(); reject(new Error('cannot reach the server')); });
    });
    ws.addEventListener('message', (ev) => { if (ws === this.ws) this.dispatch(ev.data); });
    ws.addEventListener('close', () => {
      if (ws !== this.ws) return;
      this.emit({type: 'closed'});
      if (this.welcomed && !this.closing) this.retry();
    });
    return this.ready;
  }

  retry() {
    const delay = Math.min(15000, 500 * 2 ** (this.attempts || 0)) * (0.75 + Math.random() / 2);
    this.attempts = (this.attempts || 0) + 1;
    this.emit({type: 'reconnecting', attempt: this.attempts, delay});
    this.timer = setTimeout(() => {
      if (!this.closing) this.attach().then(() => this.emit({type: 'reconnected'}), () => {});
    }, delay);
  }

  // Closed for good: no try to open it again.
  close() {
    this.closing = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
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
