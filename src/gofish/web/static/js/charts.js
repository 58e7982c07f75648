// Charts drawn as inline SVG by this code (the machine may have no internet, so no
// chart library from a CDN). Each chart also carries a text description.

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
 * Lines over x = 1..n: ``series`` is [{name, values, className}], y from 0 to ``max``.
 * The chart is drawn at the width its panel gives it, one unit a pixel, and again when
 * that width changes: scaled up from a fixed size its text grew huge (so it was capped
 * at half a wide panel), and scaled down on a phone it shrank to a blur.
 */
export function lineChart(options) {
  const chart = frame(options.title, options.description);
  chart.classList.add('lines');
  let drawn = 0;
  new ResizeObserver(([entry]) => {
    const width = Math.round(entry.contentRect.width);
    if (width > 0 && width !== drawn) {
      drawn = width;
      drawLines(chart, width, options);
    }
  }).observe(chart);
  return chart;
}

function drawLines(chart, width, { series, max, format = (v) => String(v), xLabel }) {
  chart.replaceChildren(...chart.querySelectorAll(':scope > title, :scope > desc'));
  chart.setAttribute('viewBox', `0 0 ${width} ${H}`);
  const n = Math.max(...series.map((s) => s.values.length), 1);
  // The legend and the count of games share the bottom line while they fit; on a narrow
  // chart the count goes on a line of its own and the plot gives up that height.
  const legends = series.map((line, index) => svg('text', { y: 0, class: `legend s${index}` }, `— ${line.name}`));
  const count = svg('text', { x: width - PAD.right, y: 0, 'text-anchor': 'end', class: 'tick' }, xLabel || `${n} game${n === 1 ? '' : 's'}`);
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

// About as many 13px characters as fit left of the bars (wider text ran off the chart).
const LABEL_CHARS = 27;

function shortened(text, most) {
  return text.length > most ? `${text.slice(0, most - 1)}…` : text;
}

/** Horizontal bars: ``rows`` is [{label, value, note}], from 0 to ``max``. */
export function barChart({ title, description, rows, max, format = (v) => String(v) }) {
  const rowHeight = 30;
  const height = PAD.top + rows.length * rowHeight + 10;
  const chart = svg('svg', { viewBox: `0 0 ${W} ${height}`, class: 'chart bars', role: 'img' },
    svg('title', {}, title), svg('desc', {}, description));
  const labelWidth = 230;
  const width = W - labelWidth - 130;
  rows.forEach((row, i) => {
    const top = PAD.top + i * rowHeight;
    const length = max ? (row.value / max) * width : 0;
    chart.append(
      svg('text', { x: labelWidth - 8, y: top + 19, 'text-anchor': 'end', class: 'bar-label' },
        shortened(row.label, LABEL_CHARS), svg('title', {}, row.label)),
      svg('rect', { x: labelWidth, y: top + 4, width: width, height: 20, rx: 3, class: 'bar-track' }),
      svg('rect', { x: labelWidth, y: top + 4, width: Math.max(length, 1), height: 20, rx: 3, class: `bar s${i % 4}` }),
      svg('text', { x: labelWidth + width + 8, y: top + 19, class: 'bar-value' }, `${format(row.value)}${row.note ? ` ${row.note}` : ''}`),
    );
  });
  return chart;
}
