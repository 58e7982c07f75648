// Charts drawn as inline SVG by this code (the machine may have no internet, so no
// chart library from a CDN). Each chart also carries a text description.

import { counted } from './cards.js';
import { svg } from './dom.js';

const W = 640;
const H = 240;
const PAD = { left: 44, right: 16, top: 16, bottom: 34 };

function frame(title, description) {
  const id = `chart-${Math.random().toString(36).slice(2, 8)}`;
  return svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-labelledby': `${id}-t ${id}-d` },
    svg('title', { id: `${id}-t` }, title), svg('desc', { id: `${id}-d` }, description));
}

/**
 * Draws ``chart`` with ``draw(width)`` at the width its panel gives it, one unit a pixel,
 * and again when that width changes: scaled up from a fixed size its text grew huge (so
 * charts were capped at half a wide panel), and scaled down on a phone it shrank to a blur.
 * Only the width is watched, so a redraw that changes the height cannot loop.
 */
function atPanelWidth(chart, draw) {
  let drawn = 0;
  new ResizeObserver(([entry]) => {
    const width = Math.round(entry.contentRect.width);
    if (width > 0 && width !== drawn) {
      drawn = width;
      draw(width);
    }
  }).observe(chart);
  return chart;
}

/** Empties ``chart`` but for its title and description, for a new drawing. */
function clear(chart) {
  chart.replaceChildren(...chart.querySelectorAll(':scope > title, :scope > desc'));
}

/** Lines over x = 1..n: ``series`` is [{name, values, className}], y from 0 to ``max``. */
export function lineChart(options) {
  const chart = frame(options.title, options.description);
  chart.classList.add('lines');
  return atPanelWidth(chart, (width) => drawLines(chart, width, options));
}

/** How many games each point stands for, so that points lie ``POINT_GAP`` px apart at
 * least: thousands of games, a point each, drew a solid band (the books in each game,
 * a dot each) or a scribble over the overall line (the last 10 games). */
function gamesAPoint(games, width) {
  return Math.max(1, Math.ceil(games / Math.max(1, Math.floor((width - PAD.left - PAD.right) / POINT_GAP))));
}
const POINT_GAP = 3;

/** ``values`` averaged ``size`` at a time, in order (the last group may be smaller). */
function averagedBy(values, size) {
  if (size === 1) return values;
  const groups = [];
  for (let i = 0; i < values.length; i += size) {
    const group = values.slice(i, i + size);
    groups.push(group.reduce((a, b) => a + b, 0) / group.length);
  }
  return groups;
}

function drawLines(chart, width, { series: given, max, format = (v) => String(v), xLabel }) {
  clear(chart);
  chart.setAttribute('viewBox', `0 0 ${width} ${H}`);
  const games = Math.max(...given.map((s) => s.values.length), 1);
  const size = gamesAPoint(games, width);
  const series = given.map((line) => ({ ...line, values: averagedBy(line.values, size), dots: line.dots && size === 1 }));
  const n = Math.max(...series.map((s) => s.values.length), 1);
  // The legend and the count of games share the bottom line while they fit; on a narrow
  // chart the count goes on a line of its own and the plot gives up that height.
  const legends = series.map((line, index) => svg('text', { y: 0, class: `legend s${index}` }, `— ${line.name}`));
  const averaged = size === 1 ? '' : `, averaged ${size} to a point`;
  const count = svg('text', { x: width - PAD.right, y: 0, 'text-anchor': 'end', class: 'tick' }, `${xLabel || counted(games, 'game')}${averaged}`);
  chart.append(...legends, count); // in the page, so their lengths can be measured
  let x = PAD.left + 8;
  for (const legend of legends) {
    legend.setAttribute('x', x);
    x += legend.getComputedTextLength() + 24;
  }
  const oneLine = x - 24 + 16 <= width - PAD.right - count.getComputedTextLength();
  const bottom = oneLine ? PAD.bottom : PAD.bottom + 18;
  for (const legend of legends) legend.setAttribute('y', oneLine ? H - 6 : H - 24);
  count.setAttribute('y', H - 6);
  const plot = { left: PAD.left, right: width - PAD.right, top: PAD.top, bottom: H - bottom };
  const xOf = (i) => plot.left + (n === 1 ? 0.5 : i / (n - 1)) * (plot.right - plot.left);
  const yOf = (v) => plot.bottom - (plot.bottom - plot.top) * (v / max);
  const steps = 4;
  for (let i = 0; i <= steps; i += 1) {
    const y = Math.round(yOf((max * i) / steps)) + 0.5; // on the pixel grid: a sharp 1px line
    chart.append(svg('line', { x1: plot.left, x2: plot.right, y1: y, y2: y, class: 'grid' }),
      svg('text', { x: plot.left - 6, y: y + 4, 'text-anchor': 'end', class: 'tick' }, format((max * i) / steps)));
  }
  series.forEach((line, index) => {
    const points = line.values.map((v, i) => `${xOf(i).toFixed(1)},${yOf(v).toFixed(1)}`).join(' ');
    chart.append(svg('polyline', { points, class: `series s${index} ${line.className || ''}` }));
    line.values.forEach((v, i) => {
      if (line.dots || n <= 12) chart.append(svg('circle', { cx: xOf(i), cy: yOf(v), r: 3.5, class: `dot s${index}` }));
    });
  });
}

/** Cuts ``text``'s last characters, with an ellipsis, until it is at most ``room`` px long. */
function fit(text, room) {
  const words = text.firstChild;
  const full = words.data;
  for (let n = full.length; n > 1 && text.getComputedTextLength() > room; n -= 1) words.data = `${full.slice(0, n - 1)}…`;
}

/**
 * Horizontal bars: ``rows`` is [{label, value, note}], from 0 to ``max``. Drawn at the
 * panel's width like the line charts; where a label column would leave the bars too
 * short (a phone), each label stands on its own line above its bar.
 */
export function barChart(options) {
  const chart = frame(options.title, options.description);
  chart.classList.add('bars');
  return atPanelWidth(chart, (width) => drawBars(chart, width, options));
}

function drawBars(chart, width, { rows, max, format = (v) => String(v) }) {
  const values = rows.map((row) => svg('text', { y: 0, class: 'bar-value' }, `${format(row.value)}${row.note ? ` ${row.note}` : ''}`));
  const labels = rows.map((row) => svg('text', { y: 0, class: 'bar-label' }, row.label, svg('title', {}, row.label)));
  clear(chart);
  chart.append(...values, ...labels); // in the page, so their lengths can be measured
  const valueRoom = Math.ceil(Math.max(...values.map((v) => v.getComputedTextLength()), 0)) + 12;
  const stacked = width < 560;
  // Beside the bars the labels take up to 30% of a wide chart (230 px at the least).
  const labelWidth = stacked ? 0 : Math.min(Math.max(230, Math.round(width * 0.3)), 360);
  const rowHeight = stacked ? 46 : 30;
  const barLeft = stacked ? 0 : labelWidth;
  const barRoom = width - barLeft - valueRoom;
  const height = PAD.top + rows.length * rowHeight + 10;
  chart.setAttribute('viewBox', `0 0 ${width} ${height}`);
  chart.style.height = `${height}px`;
  rows.forEach((row, i) => {
    const top = PAD.top + i * rowHeight + (stacked ? 16 : 0); // the bar's row
    const length = max ? (row.value / max) * barRoom : 0;
    const label = labels[i];
    if (stacked) {
      label.setAttribute('x', 0);
      label.setAttribute('y', top - 2);
    } else {
      label.setAttribute('x', labelWidth - 8);
      label.setAttribute('y', top + 19);
      label.setAttribute('text-anchor', 'end');
    }
    fit(label, stacked ? width : labelWidth - 16);
    values[i].setAttribute('x', barLeft + barRoom + 8);
    values[i].setAttribute('y', top + 19);
    chart.insertBefore(svg('rect', { x: barLeft, y: top + 4, width: barRoom, height: 20, rx: 3, class: 'bar-track' }), values[0]);
    chart.insertBefore(svg('rect', { x: barLeft, y: top + 4, width: Math.max(length, 1), height: 20, rx: 3, class: `bar s${i % 4}` }), values[0]);
  });
}
