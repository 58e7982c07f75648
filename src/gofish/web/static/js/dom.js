// Safe DOM building: text is always set as text (never innerHTML), so names typed
// by players can contain "<b>" and still show as the characters they typed.

const SVG_NS = 'http://www.w3.org/2000/svg';

function applyProps(node, props) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.setAttribute('class', value);
    else if (key === 'text') node.textContent = String(value);
    else if (key.startsWith('on') && typeof value === 'function') {
      node.addEventListener(key.slice(2), value);
    } else if (key === 'dataset') Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
}

function appendAll(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: el('button', {class: 'x', onclick: f}, 'text', child). */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  applyProps(node, props);
  appendAll(node, children);
  return node;
}

/** An SVG element, built the same way. */
export function svg(tag, props = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  applyProps(node, props);
  appendAll(node, children);
  return node;
}

/** Replace every child of ``node`` with ``children``. */
export function fill(node, ...children) {
  // An element put back keeps its focus: taken out of the page, even for a moment, it
  // loses it, and a key pressed on it then went nowhere (a page's way back, focused
  // while the page was still loading, lost it when the loaded page was drawn).
  const focused = node.contains(document.activeElement) ? document.activeElement : null;
  node.replaceChildren();
  appendAll(node, children);
  if (focused && document.activeElement !== focused && node.contains(focused)) focused.focus({ preventScroll: true });
  return node;
}

/**
 * Write a live region's words, only if they changed: written again unchanged, they are
 * new text to a screen reader, which reads the whole sentence out again.
 */
export function sayIfChanged(node, words) {
  if (node.textContent !== words) node.textContent = words;
  return node;
}

/**
 * Label each cell of ``row`` with its column's heading, from ``headings`` in order: where
 * a wide table does not fit, its rows stack (``stackWhenTooWide``), each value beside its
 * heading, where the whole table scrolled sideways. A cell spanning columns is left
 * unlabelled.
 */
export function labelCells(row, headings) {
  if ([...row.cells].some((cell) => cell.colSpan > 1)) return row;
  [...row.cells].forEach((cell, i) => { cell.dataset.label = headings[i] ?? ''; });
  return row;
}

/**
 * Stack the rows of ``table``, in the page already, whenever it is wider than its box laid
 * out as a table (style.css, ``table.stacked``; its cells labelled by ``labelCells``), and
 * lay it out as a table again once it fits: at a fixed 640 px the tables scrolled sideways
 * on a tablet or a phone held sideways (641 to some 770 px), the last columns out of sight.
 * Returns the check, for rows added later. A window's resize, not a ResizeObserver on the
 * box: stacking changes the box's height, which such an observer would report as a loop.
 */
export function stackWhenTooWide(table) {
  const fit = () => {
    if (!table.isConnected) { // its page was left: the listener goes with it
      window.removeEventListener('resize', fit);
      return;
    }
    const box = table.parentElement;
    table.classList.remove('stacked'); // measured as a table: nothing is drawn in between
    table.classList.toggle('stacked', box.scrollWidth > box.clientWidth);
  };
  window.addEventListener('resize', fit);
  fit();
  return fit;
}

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function getJSON(url) {
  const response = await fetch(url, { cache: 'no-store' });
  const body = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) throw new Error(body.error || `the server answered ${response.status}`);
  return body;
}

// A group of buttons that is one Tab stop (a roving tabindex), as the sea is in both
// tables: any of its cards draws alike, so it is not forty stops on the way to the hand.
const ROVING_STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** Make ``buttons[index]`` the one of ``buttons`` that Tab reaches. */
export function makeTabStop(buttons, index) {
  buttons.forEach((button, i) => button.setAttribute('tabindex', i === index ? '0' : '-1'));
}

/**
 * On a key in the group: the arrow keys (going round), Home and End focus another of
 * ``buttons``, whose focus handler should make it the Tab stop.
 */
export function moveAlong(event, buttons) {
  const at = buttons.indexOf(document.activeElement);
  if (at < 0) return;
  let to = null;
  if (event.key in ROVING_STEPS) to = (at + ROVING_STEPS[event.key] + buttons.length) % buttons.length;
  else if (event.key === 'Home') to = 0;
  else if (event.key === 'End') to = buttons.length - 1;
  if (to === null) return;
  event.preventDefault(); // the arrows would scroll the page
  buttons[to].focus();
}

let smoothScroll = null; // the goal of the last smooth scroll, and when it is surely over
const SMOOTH_SCROLL_MS = 1000; // where scrollend is unknown; smooth scrolls take less
window.addEventListener('scrollend', () => { smoothScroll = null; }, { passive: true });

/**
 * A turn begins, and on a small screen what it is played with (your hand, the ask buttons)
 * may lie below the first screen: scroll down just enough to show all of ``target``, as far
 * as ``keep`` (the line saying whose turn it is) stays in sight. Only while ``keep`` is in
 * sight: someone scrolled away, to the log, is not pulled back; and never up.
 */
export function bringIntoView(target, keep) {
  const line = keep.getBoundingClientRect();
  if (line.bottom <= 0 || line.top >= window.innerHeight) return;
  const hidden = target.getBoundingClientRect().bottom + VIEW_MARGIN - window.innerHeight;
  if (hidden <= 0) return;
  const goal = window.scrollY + Math.min(hidden, Math.max(line.top - VIEW_MARGIN, 0));
  // A smooth scroll started here may still be under way, and a new one replaces it: one
  // that goes less far (focus moving to the first of the ask buttons just brought into
  // view) would stop it short.
  if (smoothScroll && performance.now() < smoothScroll.until && goal <= smoothScroll.goal) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  smoothScroll = smooth ? { goal, until: performance.now() + SMOOTH_SCROLL_MS } : null;
  window.scrollTo({ top: goal, behavior: smooth ? 'smooth' : 'instant' });
}
const VIEW_MARGIN = 4; // px kept between the page's edge and what is brought into view
