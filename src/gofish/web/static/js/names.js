// A name as both servers count it (gofish.web.messages.visible_text, then clean_name):
// code points of the visible text (control and format characters dropped, but for a
// joiner inside an emoji), spaces collapsed. An input's maxlength counts UTF-16 units,
// so an emoji took two of the 24: the name boxes have none, and use these instead.
export const NAME_MAX = 24;
const isFormat = (ch) => /\p{C}/u.test(ch);
function joinsEmoji(points, i) {
  return points[i] === '\u200d' && i > 0 && i < points.length - 1
    && /[\p{So}\p{Sk}\uFE0F]/u.test(points[i - 1]) && /\p{So}/u.test(points[i + 1]);
}
function visibleName(text) {
  const points = [...text];
  const kept = points.filter((ch, i) => !isFormat(ch) || joinsEmoji(points, i)).join('');
  return kept.split(/\s+/).filter(Boolean).join(' ');
}

// Why a name is too long, in the rooms server's words; null when it fits.
export function nameTooLong(text) {
  const length = [...visibleName(text)].length;
  return length > NAME_MAX ? `a name has at most ${NAME_MAX} characters, not ${length}` : null;
}

// Why the rooms server would refuse this name, in its words; null when it would take it.
export function nameProblem(text) {
  if (!visibleName(text)) return 'a name needs at least one visible character';
  return nameTooLong(text);
}
