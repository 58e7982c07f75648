// The stats page: win rate over time, per opponent and rule set, and books per game.

import { el, fill, getJSON } from './dom.js';
import { barChart, lineChart } from './charts.js';

const percent = (v) => `${Math.round(v * 100)}%`;

function rolling(values, window) {
  return values.map((_, i) => {
    const part = values.slice(Math.max(0, i - window + 1), i + 1);
    return part.reduce((a, b) => a + b, 0) / part.length;
  });
}

function cumulative(values) {
  let total = 0;
  return values.map((v, i) => { total += v; return total / (i + 1); });
}

function lineUp(row) {
  return `vs ${row.opponents.join(' + ')} · ${row.rules}`;
}

export async function showStats(page) {
  fill(page, el('h1', {}, 'Stats'), el('p', {}, 'Loading…'));
  const stats = await getJSON('/api/stats');
  const points = stats.over_time;
  if (!points.length) {
    fill(page, el('h1', {}, 'Stats'), el('p', {}, 'No finished games yet: play one and come back.'), el('a', { href: '#/', class: 'button-link' }, 'Play'));
    return;
  }
  const wins = points.map((p) => (p.won ? 1 : 0));
  const overTime = lineChart({
    title: 'Win rate over time',
    description: `Your win rate after each of ${points.length} finished games: overall ${percent(cumulative(wins).at(-1))}.`,
    series: [{ name: 'overall', values: cumulative(wins) }, { name: 'last 10 games', values: rolling(wins, 10), className: 'dashed' }],
    max: 1, format: percent,
  });
  const rows = stats.rows;
  // Shared wins count as wins here, as in the chart over time and the line above them.
  const winRate = (r) => (r.games ? (r.wins + r.shared_wins) / r.games : 0);
  const perLineUp = barChart({
    title: 'Win rate per opponent and rule set (shared wins count)',
    description: rows.map((r) => `${lineUp(r)}: ${percent(winRate(r))} of ${r.games} games`).join('; '),
    rows: rows.map((r) => ({ label: lineUp(r), value: winRate(r), note: `(${r.games} game${r.games === 1 ? '' : 's'})` })),
    max: 1, format: percent,
  });
  const bookMax = Math.max(...rows.map((r) => r.books_per_game), 1);
  const books = barChart({
    title: 'Books per game',
    description: rows.map((r) => `${lineUp(r)}: ${r.books_per_game.toFixed(1)} books per game`).join('; '),
    rows: rows.map((r) => ({ label: lineUp(r), value: r.books_per_game })),
    max: Math.ceil(bookMax), format: (v) => v.toFixed(1),
  });
  const booksOverTime = lineChart({
    title: 'Books in each game',
    description: `Books you laid in each of ${points.length} games.`,
    series: [{ name: 'books', values: points.map((p) => p.books), dots: true }],
    max: Math.ceil(Math.max(...points.map((p) => p.books), 4) / 4) * 4, format: (v) => v.toFixed(0),
  });
  const table = el('table', { class: 'stats-table' },
    el('thead', {}, el('tr', {}, ['Opponents', 'Rules', 'Games', 'Wins', 'Shared', 'Losses', 'Books/game'].map((h) => el('th', { scope: 'col' }, h)))),
    el('tbody', {}, rows.map((r) => el('tr', {},
      el('td', { text: r.opponents.join(', ') }), el('td', { text: r.rules }),
      el('td', {}, String(r.games)), el('td', {}, String(r.wins)), el('td', {}, String(r.shared_wins)),
      el('td', {}, String(r.losses)), el('td', {}, r.books_per_game.toFixed(1))))));
  fill(page, el('h1', {}, 'Stats'),
    el('p', {}, `${points.length} finished game${points.length === 1 ? '' : 's'}, ${wins.filter(Boolean).length} won (shared wins included).`),
    el('section', { class: 'chart-box' }, el('h2', {}, 'Win rate over time'), overTime),
    el('section', { class: 'chart-box' }, el('h2', {}, 'Per opponent and rule set'), perLineUp),
    el('section', { class: 'chart-box' }, el('h2', {}, 'Books per game'), books, booksOverTime),
    el('section', { class: 'chart-box' }, el('h2', {}, 'All results'), table));
}
