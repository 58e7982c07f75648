// The stats page: win rate over time, per opponent and rule set, and books per game.

import { el, fill, getJSON, labelCells, stackWhenTooWide } from './dom.js';
import { barChart, lineChart } from './charts.js';
import { capitalised, counted, setWord } from './cards.js';
import { changedNote } from './history.js';

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

// Rules in words, "pairs instead of books", as the history names them: not the label's
// "book_size=2", which gofish stats shows.
// The opponents as the table and the history name them (opponent_names: "Emma, Emma 2"),
// not as stored ("emma, emma").
function lineUp(row) {
  return `vs ${row.opponent_names.join(' + ')} · ${row.rules_words}`;
}

// Games under the pairs house rule lay pairs, not books (R3): their counts are said as
// pairs, and drawn apart from books, as 26 pairs and 13 books make no common scale.

/** The set sizes among ``items`` (rows or games, each with its ``book_size``): books first. */
function setSizes(items) {
  return [4, 2].filter((size) => items.some((item) => item.book_size === size));
}

const sets = (size) => `${setWord(size)}s`;

/** "Books", "Pairs", or for games of both kinds "Books and pairs" (``joiner``: "or" for one row). */
function setsHeading(sizes, joiner = 'and') {
  return capitalised(sizes.map(sets).join(` ${joiner} `));
}

/** The heading of one kind's charts where the page charts both. */
function setsKind(size) {
  return size === 2 ? 'Pairs, in games under the pairs rule' : 'Books of four';
}

/** A row's sets per game for the table, naming them where the table holds both kinds. */
function perGame(row, mixed) {
  const value = row.books_per_game.toFixed(1);
  return mixed ? `${value} ${sets(row.book_size)}` : value;
}

function setsPerGame(rows, size) {
  const mine = rows.filter((r) => r.book_size === size);
  return barChart({
    title: `${capitalised(sets(size))} per game`,
    description: mine.map((r) => `${lineUp(r)}: ${r.books_per_game.toFixed(1)} ${sets(size)} per game`).join('; '),
    rows: mine.map((r) => ({ label: lineUp(r), value: r.books_per_game })),
    max: Math.ceil(Math.max(...mine.map((r) => r.books_per_game), 1)), format: (v) => v.toFixed(1),
  });
}

function setsInEachGame(points, size) {
  const counts = points.filter((p) => p.book_size === size).map((p) => p.books);
  const kind = size === 2 ? ' under the pairs rule' : '';
  return lineChart({
    title: `${capitalised(sets(size))} in each game`,
    description: `${capitalised(sets(size))} you laid in each of ${counted(counts.length, 'game')}${kind}.`,
    series: [{ name: sets(size), values: counts, dots: true }],
    max: Math.ceil(Math.max(...counts, 4) / 4) * 4, format: (v) => v.toFixed(0),
  });
}

/** A note naming the games ``ids`` the figures leave out, ``why`` saying why in words for
 * one game or more (``one``): left out without a word, the figures looked whole. */
function gamesLeftOut(ids, why) {
  if (!ids.length) return null;
  const one = ids.length === 1;
  return el('p', { class: 'damaged' }, `${one ? 'Game' : 'Games'} ${ids.join(', ')} ${one ? 'is' : 'are'} ${why(one)}`);
}

/** The games whose seats were edited by hand, named as gofish stats names them. */
const damagedNote = (ids) => gamesLeftOut(ids, (one) =>
  `damaged in the games database (a failing disk, a bad copy or an edit by hand?), so ${one ? 'it is' : 'they are'} not counted here.`);

/** The games gofish recover brought back without who sat in which seat, not counted as
 * the player's: named as gofish stats names them. */
const whoseSeatUnknownNote = (ids) => gamesLeftOut(ids, (one) => 'not counted here: gofish '
  + `recover brought ${one ? 'it' : 'them'} back without who sat in which seat.`);

/** ``back``: the way back to a game in progress, under the heading (the charts run long). */
export async function showStats(page, back = null) {
  fill(page, el('h1', {}, 'Stats'), back, el('p', {}, 'Loading…'));
  const stats = await getJSON('/api/stats');
  const points = stats.over_time;
  // Games counted as their records play, their rows having said otherwise: named too.
  const notes = [damagedNote(stats.damaged), whoseSeatUnknownNote(stats.unknown), changedNote(stats.changed_note)];
  if (!points.length) {
    fill(page, el('h1', {}, 'Stats'), back, el('p', {}, 'No finished games yet: play one and come back.'), notes, el('a', { href: '#/', class: 'button-link' }, 'Play'));
    return;
  }
  const wins = points.map((p) => (p.won ? 1 : 0));
  const overTime = lineChart({
    title: 'Win rate over time',
    description: `Your win rate after each of ${counted(points.length, 'finished game')}: overall ${percent(cumulative(wins).at(-1))}.`,
    series: [{ name: 'overall', values: cumulative(wins) }, { name: 'last 10 games', values: rolling(wins, 10), className: 'dashed' }],
    max: 1, format: percent,
  });
  const rows = stats.rows;
  // The server's win_rate counts shared wins as wins, as the chart over time and the line
  // above them do (and gofish stats): one definition, StatsRow.win_rate.
  const perLineUp = barChart({
    title: 'Win rate per opponent and rule set (a shared win counts as a win)',
    description: rows.map((r) => `${lineUp(r)}: ${percent(r.win_rate)} of ${counted(r.games, 'game')}`).join('; '),
    rows: rows.map((r) => ({ label: lineUp(r), value: r.win_rate, note: `(${counted(r.games, 'game')})` })),
    max: 1, format: percent,
  });
  const sizes = setSizes([...rows, ...points]);
  const headings = ['Opponents', 'Rules', 'Games', 'Wins', 'Shared', 'Losses', `${setsHeading(sizes, 'or')}/game`];
  const table = el('table', { class: 'stats-table' },
    el('thead', {}, el('tr', {}, headings.map((h) => el('th', { scope: 'col' }, h)))),
    el('tbody', {}, rows.map((r) => labelCells(el('tr', {},
      el('td', { text: r.opponent_names.join(', ') }), el('td', { text: r.rules_words }),
      el('td', {}, String(r.games)), el('td', {}, String(r.wins)), el('td', {}, String(r.shared_wins)),
      el('td', {}, String(r.losses)), el('td', {}, perGame(r, sizes.length > 1))), headings))));
  fill(page, el('h1', {}, 'Stats'), back,
    el('p', {}, `${counted(points.length, 'finished game')}, ${wins.filter(Boolean).length} won (shared wins included).`),
    notes,
    el('section', { class: 'chart-box' }, el('h2', {}, 'Win rate over time'), overTime),
    el('section', { class: 'chart-box' }, el('h2', {}, 'Per opponent and rule set'), perLineUp),
    el('section', { class: 'chart-box' }, el('h2', {}, `${setsHeading(sizes)} per game`),
      sizes.flatMap((size) => [sizes.length > 1 ? el('h3', {}, setsKind(size)) : null, setsPerGame(rows, size), setsInEachGame(points, size)])),
    el('section', { class: 'chart-box' }, el('h2', {}, 'All results'), table));
  stackWhenTooWide(table);
}
