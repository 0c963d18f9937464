// sound.js — a short tone for a move and a lower double one for a capture, made
// with Web Audio (no files to fetch); off when the person turns sounds off.

let ctx = null;
let on = localStorage.getItem('draughts.sound') !== 'off';

export function soundOn() { return on; }

export function setSound(value) {
  on = value;
  localStorage.setItem('draughts.sound', value ? 'on' : 'off');
}

function tone(freq, start, length) {
  const osc = ctx.createOscillator(), gain = ctx.createGain();
  osc.frequency.value = freq;
  gain.gain.setValueAtTime(0.15, ctx.currentTime + start);
  gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + start + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(ctx.currentTime + start);
  osc.stop(ctx.currentTime + start + length);
}

export function playSound(capture) {
  if (!on || typeof AudioContext === 'undefined') return;
  try {
    ctx = ctx || new AudioContext();
    if (capture) { tone(330, 0, 0.08); tone(220, 0.09, 0.12); } else tone(520, 0, 0.07);
  } catch { /* a browser that refuses audio just stays quiet */ }
}
