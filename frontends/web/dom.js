// dom.js — building the page's elements. Text from the server or from players only
// ever goes in as text nodes ('textContent'), never as HTML.

export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c instanceof Node ? c : String(c));
  return e;
}

export function clockText(ms) {
  if (ms === null || ms === undefined) return '';
  const t = Math.max(0, Math.ceil(ms / 100)), tenths = t % 10, s = Math.floor(t / 10);
  const m = Math.floor(s / 60), ss = String(s % 60).padStart(2, '0');
  return s < 20 ? `${m}:${ss}.${tenths}` : `${m}:${ss}`;
}
