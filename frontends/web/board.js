// board.js — the board as SVG, drawn from the geometry the server sends (the grid,
// its draw style, every point with its grid position, the lines between points), so
// any variant is drawn with no code of its own. It draws what it is told (pieces,
// the last move, the selection, the rings, the pieces being jumped, the pieces that
// must capture, the spectators' tally) and reports the points a person taps, clicks,
// drags to or picks with the keyboard. It knows no rules.

const SVG = 'http://www.w3.org/2000/svg';
const MARGIN = 0.45; // room for the coordinates, in squares

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

export class Board {
  constructor(container, geometry, onTap) {
    this.geo = geometry;
    this.onTap = onTap;
    this.flipped = false;
    this.points = new Map(geometry.points.map((p) => [p.name, p]));
    this.svg = el('svg', {class: 'board', role: 'grid', tabindex: 0, 'aria-label': 'board'});
    this.svg.classList.add(`draw-${geometry.draw}`);
    container.appendChild(this.svg);
    this.cursor = null;
    this.view = {};
    this.drag = null;
    this.svg.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.svg.addEventListener('pointermove', (e) => this.pointerMove(e));
    this.svg.addEventListener('pointerup', (e) => this.pointerUp(e));
    this.svg.addEventListener('pointercancel', () => this.endDrag());
    this.svg.addEventListener('keydown', (e) => this.key(e));
    this.svg.addEventListener('focus', () => { if (!this.cursor) this.cursor = this.geo.points[0].name; this.draw(); });
    this.svg.addEventListener('blur', () => this.draw());
  }

  setFlipped(flipped) { this.flipped = flipped; this.draw(); }

  // Where a grid position is drawn: the first player's bottom left at the bottom left
  // unless the board is flipped.
  xy(p) {
    const {files, ranks} = this.geo;
    return this.flipped ? [MARGIN + files - p.file - 0.5, MARGIN + p.rank + 0.5]
                        : [MARGIN + p.file + 0.5, MARGIN + ranks - p.rank - 0.5];
  }

  render(view) { this.view = view; this.draw(); }

  draw() {
    const svg = this.svg, {files, ranks} = this.geo;
    svg.replaceChildren();
    svg.setAttribute('viewBox', `0 0 ${files + 2 * MARGIN} ${ranks + 2 * MARGIN}`);
    this.defs();
    this.ground();
    this.coordinates();
    const v = this.view;
    const mark = (names) => new Set(names || []);
    const last = mark(v.last), selected = mark(v.selected), targets = mark(v.targets);
    const jumped = mark(v.jumped), must = mark(v.must), movable = mark(v.movable);
    for (const p of this.geo.points) {
      const [x, y] = this.xy(p);
      const g = el('g', {'data-point': p.name, class: 'point', role: 'gridcell', 'aria-label': this.describe(p.name)}, svg);
      el('rect', {x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: 'hit'}, g);
      if (last.has(p.name)) el('rect', {x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: 'last'}, g);
      if (selected.has(p.name)) el('rect', {x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: 'selected'}, g);
      const piece = v.pieces && v.pieces.get(p.name);
      if (piece) this.piece(g, x, y, piece, movable.has(p.name));
      if (must.has(p.name)) el('circle', {cx: x, cy: y, r: 0.46, class: 'must'}, g);
      if (jumped.has(p.name)) el('circle', {cx: x, cy: y, r: 0.44, class: 'jumped'}, g);
      if (targets.has(p.name)) { g.classList.add('target'); el('circle', {cx: x, cy: y, r: 0.3, class: 'ring'}, g); }
      if (movable.has(p.name)) g.classList.add('movable');
      if (this.cursor === p.name && document.activeElement === svg) el('rect', {x: x - 0.47, y: y - 0.47, width: 0.94, height: 0.94, class: 'cursor'}, g);
    }
    if (v.tally) this.tally(v.tally);
  }

  describe(name) {
    const piece = this.view.pieces && this.view.pieces.get(name);
    const side = piece ? ` ${this.view.sideNames ? this.view.sideNames[piece.side] : piece.side} ${piece.king ? 'king' : 'man'}` : '';
    return `${name}${side}`;
  }

  defs() {
    const defs = el('defs', {}, this.svg);
    const m = el('marker', {id: 'arrowhead', viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 3, markerHeight: 3, orient: 'auto-start-reverse'}, defs);
    el('path', {d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrowhead'}, m);
  }

  // The squares (of two colours, the points' darker, or of one) or the lines.
  ground() {
    const {files, ranks, draw} = this.geo;
    el('rect', {x: 0, y: 0, width: files + 2 * MARGIN, height: ranks + 2 * MARGIN, class: 'frame'}, this.svg);
    const onPoint = new Set(this.geo.points.map((p) => `${p.file},${p.rank}`));
    if (draw === 'lines') {
      el('rect', {x: MARGIN, y: MARGIN, width: files, height: ranks, class: 'plain'}, this.svg);
      for (const [a, b] of this.geo.lines) {
        const [x1, y1] = this.xy(this.points.get(a)), [x2, y2] = this.xy(this.points.get(b));
        el('line', {x1, y1, x2, y2, class: 'line'}, this.svg);
      }
      for (const p of this.geo.points) { const [cx, cy] = this.xy(p); el('circle', {cx, cy, r: 0.08, class: 'dot'}, this.svg); }
      return;
    }
    for (let f = 0; f < files; f++) {
      for (let r = 0; r < ranks; r++) {
        const [x, y] = this.xy({file: f, rank: r});
        const dark = draw === 'checkered' && onPoint.has(`${f},${r}`);
        el('rect', {x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: draw === 'checkered' ? (dark ? 'dark' : 'light') : 'square'}, this.svg);
      }
    }
  }

  // Files and ranks named as the points are ("c3"), where the names say them.
  coordinates() {
    const files = new Map(), ranks = new Map();
    for (const p of this.geo.points) {
      const m = /^([a-z]+)([0-9]+)$/.exec(p.name);
      if (!m) continue;
      files.set(p.file, m[1]);
      ranks.set(p.rank, m[2]);
    }
    for (const [f, text] of files) {
      const [x] = this.xy({file: f, rank: 0});
      el('text', {x, y: MARGIN + this.geo.ranks + MARGIN * 0.7, class: 'coord'}, this.svg).textContent = text;
    }
    for (const [r, text] of ranks) {
      const [, y] = this.xy({file: 0, rank: r});
      el('text', {x: MARGIN * 0.5, y: y + 0.12, class: 'coord'}, this.svg).textContent = text;
    }
  }

  piece(g, x, y, piece, movable) {
    const colour = piece.side === this.view.darkSide ? 'dark' : 'light';
    const p = el('g', {class: `piece ${colour}${piece.king ? ' king' : ''}${movable ? ' can-move' : ''}`, 'data-piece': piece.side}, g);
    el('circle', {cx: x, cy: y, r: 0.38, class: 'body'}, p);
    el('circle', {cx: x, cy: y, r: 0.28, class: 'rim'}, p);
    if (piece.king) {
      const s = 0.16;
      el('path', {d: `M ${x - s} ${y + s * 0.6} L ${x - s} ${y - s * 0.5} L ${x - s / 2} ${y} L ${x} ${y - s * 0.8} L ${x + s / 2} ${y} L ${x + s} ${y - s * 0.5} L ${x + s} ${y + s * 0.6} Z`, class: 'crown'}, p);
    }
  }

  // An arrow per suggested move, with its count.
  tally(list) {
    const layer = el('g', {class: 'tally'}, this.svg);
    for (const s of list) {
      const from = this.points.get(s.path[0]), to = this.points.get(s.path[s.path.length - 1]);
      if (!from || !to) continue;
      const [x1, y1] = this.xy(from), [x2, y2] = this.xy(to);
      el('line', {x1, y1, x2, y2, class: 'arrow', 'marker-end': 'url(#arrowhead)'}, layer);
      const label = el('g', {class: 'count', 'data-tally': s.path.join('-')}, layer);
      el('circle', {cx: (x1 + x2) / 2, cy: (y1 + y2) / 2, r: 0.22}, label);
      el('text', {x: (x1 + x2) / 2, y: (y1 + y2) / 2 + 0.1}, label).textContent = String(s.count);
    }
  }

  // ------------------------------------------------------------------ input

  pointAt(clientX, clientY) {
    const hit = document.elementFromPoint(clientX, clientY);
    const g = hit && hit.closest && hit.closest('[data-point]');
    return g && this.svg.contains(g) ? g.getAttribute('data-point') : null;
  }

  pointerDown(e) {
    const name = this.pointAt(e.clientX, e.clientY);
    if (!name) return;
    e.preventDefault();
    this.cursor = name;
    this.onTap(name);
    const piece = this.svg.querySelector(`[data-point="${CSS.escape(name)}"] .piece.can-move`);
    if (piece || this.view.selected && this.view.selected.length) this.drag = {from: name, x: e.clientX, y: e.clientY, moved: false};
  }

  pointerMove(e) {
    if (!this.drag) return;
    const d = this.drag;
    if (Math.abs(e.clientX - d.x) + Math.abs(e.clientY - d.y) > 6) d.moved = true;
    const piece = this.svg.querySelector(`[data-point="${CSS.escape(d.from)}"] .piece`);
    if (!piece || !d.moved) return;
    const scale = this.svg.getScreenCTM();
    if (scale) piece.setAttribute('transform', `translate(${(e.clientX - d.x) / scale.a} ${(e.clientY - d.y) / scale.d})`);
  }

  // A drag that ends on another point is a tap there.
  pointerUp(e) {
    const d = this.drag;
    this.endDrag();
    if (!d || !d.moved) return;
    const name = this.pointAt(e.clientX, e.clientY);
    if (name && name !== d.from) this.onTap(name);
    else this.draw();
  }

  endDrag() { this.drag = null; }

  // The arrow keys walk the points on the grid as drawn; Enter or Space taps.
  key(e) {
    const dirs = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (this.cursor) this.onTap(this.cursor);
      return;
    }
    const dir = dirs[e.key];
    if (!dir) return;
    e.preventDefault();
    const here = this.points.get(this.cursor) || this.geo.points[0];
    const [hx, hy] = this.xy(here);
    let best = null, bestScore = Infinity;
    for (const p of this.geo.points) {
      const [x, y] = this.xy(p), dx = x - hx, dy = y - hy;
      const along = dx * dir[0] + dy * dir[1], across = Math.abs(dx * dir[1] - dy * dir[0]);
      if (along <= 0.01) continue;
      const score = along + 2 * across;
      if (score < bestScore) bestScore = score, best = p;
    }
    if (best) this.cursor = best.name;
    this.draw();
  }
}

// A FEN of the protocol ("W:Wa1,Kc3:Bb6"): the pieces by point, and the side to move.
export function parseFen(fen) {
  const pieces = new Map();
  const parts = fen.split(':');
  for (const part of parts.slice(1)) {
    const side = part[0] === 'W' ? 'white' : part[0] === 'B' ? 'black' : null;
    if (!side) continue;
    for (const item of part.slice(1).split(',')) {
      const name = item.trim();
      if (!name) continue;
      const king = name[0] === 'K';
      pieces.set(king ? name.slice(1) : name, {side, king});
    }
  }
  return {turn: parts[0] === 'B' ? 'black' : 'white', pieces};
}
