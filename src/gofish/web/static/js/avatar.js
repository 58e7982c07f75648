// Small faces for the players, drawn as SVG: one look per bot, a friendly one for people.

import { svg } from './dom.js';

const LOOKS = {
  emma: { skin: '#f1c7a5', hair: '#8a4b2a', shirt: '#6a4c93', style: 'long' },
  random: { skin: '#d9a77c', hair: '#2e2e2e', shirt: '#1f7a8c', style: 'spiky' },
  human: { skin: '#f3d2b3', hair: '#c98b2b', shirt: '#2d6a4f', style: 'short' },
};
const SPARE_SHIRTS = ['#b5651d', '#3a5a98', '#8c1c13', '#2d6a4f', '#6d597a'];

function hairFor(style, colour) {
  if (style === 'long') {
    return svg('path', { d: 'M14 30C12 12 22 6 32 6S52 12 50 30L52 46 44 40V22H20V40L12 46Z', fill: colour });
  }
  if (style === 'spiky') {
    return svg('path', { d: 'M16 24 18 10 24 16 28 6 33 14 38 6 42 16 48 10 48 24Z', fill: colour });
  }
  return svg('path', { d: 'M16 26C16 12 24 8 32 8S48 12 48 26C44 18 38 16 32 16S20 18 16 26Z', fill: colour });
}

/** An avatar for ``bot`` (null for a person); ``seat`` varies the colours of repeats. */
export function avatar(bot, seat) {
  const look = LOOKS[bot || 'human'] || { ...LOOKS.random, style: 'short' };
  const shirt = bot && LOOKS[bot] ? look.shirt : SPARE_SHIRTS[seat % SPARE_SHIRTS.length];
  return svg('svg', { viewBox: '0 0 64 64', class: 'avatar', 'aria-hidden': 'true' },
    svg('circle', { cx: 32, cy: 32, r: 31, class: 'avatar-bg' }),
    svg('path', { d: 'M8 62C10 48 20 44 32 44S54 48 56 62Z', fill: shirt }),
    svg('circle', { cx: 32, cy: 28, r: 15, fill: look.skin }),
    hairFor(look.style, look.hair),
    svg('circle', { cx: 26, cy: 28, r: 1.8, fill: '#222' }),
    svg('circle', { cx: 38, cy: 28, r: 1.8, fill: '#222' }),
    svg('path', { d: 'M26 35Q32 40 38 35', stroke: '#6b2d2d', 'stroke-width': 2, fill: 'none', 'stroke-linecap': 'round' }),
  );
}
