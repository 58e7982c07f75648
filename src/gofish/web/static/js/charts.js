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

function yAxis(chart, max, format) {
  const steps = 4;
  for (let i = 0; i <= steps; i += 1) {
    const value = (max * i) / steps;
    const y = PAD.top + (H - PAD.top - PAD.bottom) * (1 - i / steps);
    chart.append(svg('line', { x1: PAD.left, x2: W - PAD.right, y1: y, y2: y, class: 'grid' }),
      svg('text', { x: PAD.left - 6, y: y + 4, 'text-anchor': 'end', class: 'tick' }, format(value)));
  }
}

/** Lines over x = 1..n: ``series`` is [{name, values, className}], y from 0 to ``max``. */
export function lineChart({ title, description, series, max, format = (v) => String(v), xLabel }) {
  const chart = frame(title, description);
  yAxis(chart, max, format);
  const n = Math.max(...series.map((s) => s.values.length), 1);
  const x = (i) => PAD.left + (n === 1 ? 0.5 : i / (n - 1)) * (W - PAD.left - PAD.right);
  const y = (v) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - v / max);
  series.forEach((line, index) => {
    const points = line.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    chart.append(svg('polyline', { points, class: `series s${index} ${line.className || ''}` }));
    line.values.forEach((v, i) => {
      if (line.dots || n <= 12) chart.append(svg('circle', { cx: x(i), cy: y(v), r: 3.5, class: `dot s${index}` }));
    });
    chart.append(svg('text', { x: PAD.left + 8 + index * 170, y: H - 6, class: `legend s${index}` }, `— ${line.name}`));
  });
  chart.append(svg('text', { x: W - PAD.right, y: H - 6, 'text-anchor': 'end', class: 'tick' }, xLabel || `${n} game${n === 1 ? '' : 's'}`));
  return chart;
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
