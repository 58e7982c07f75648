// A bot option's ("knob's") box, as the start form and a room's lobby both offer it.

import { el } from './dom.js';

/**
 * The row for ``option`` of a bot: its name as the label, a box (``id``) holding
 * ``value`` (empty: the bot's default) described by ``description``, which the row shows
 * beneath it. ``box`` adds to or overrides the box's attributes; ``extra`` goes between
 * the box and its description (a refusal's words). Returns the row and its box.
 */
export function knobRow(id, option, description, value, box = {}, extra = null) {
  const input = el('input', {
    id, 'data-option': option, value: value || '', placeholder: 'default', autocomplete: 'off',
    spellcheck: 'false', 'aria-describedby': `${id}-about`, ...box,
  });
  const row = el('div', { class: 'bot-option' },
    el('label', { for: id }, option), input, extra,
    el('span', { class: 'bot-about', id: `${id}-about` }, description));
  return { row, input };
}
