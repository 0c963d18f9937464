// theme.js — the board's colours, the window front end's three themes, kept in this
// browser: a class on the page's body that style.css turns into the board's colours.

const THEMES = ['wood', 'light', 'dark'];
const KEY = 'draughts.theme';

export function boardTheme() {
  const t = localStorage.getItem(KEY);
  return THEMES.includes(t) ? t : THEMES[0];
}

function apply() {
  for (const t of THEMES) document.body.classList.toggle(`board-${t}`, t === boardTheme());
}

export function nextBoardTheme() {
  localStorage.setItem(KEY, THEMES[(THEMES.indexOf(boardTheme()) + 1) % THEMES.length]);
  apply();
}

apply();
