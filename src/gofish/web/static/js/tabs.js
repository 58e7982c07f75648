// One game in play at one tab of this browser at a time, told between tabs at once.
//
// The newer tab takes the game: the player has just opened it there (a resume link,
// a reload, a duplicated tab), so that is where they are looking. The older tab
// steps aside and offers to take it back, as mail and chat sites do with a second
// window. The server still refuses a game open at another page (another browser).

const channel = 'BroadcastChannel' in window ? new BroadcastChannel('gofish.tables') : null;

/** Tell this browser's other tabs that this one is opening stored game ``gameId``. */
export function claimGame(gameId) {
  channel?.postMessage({ type: 'claim', gameId });
}

/** Call ``handler(gameId)`` whenever another tab of this browser opens a stored game. */
export function onGameClaimed(handler) {
  channel?.addEventListener('message', (event) => {
    const { type, gameId } = event.data || {};
    if (type === 'claim' && Number.isSafeInteger(gameId)) handler(gameId);
  });
}
