// Open or join a room; the seat's secret token is kept in localStorage so a reload
// (or a restarted server) puts this browser back in the same seat.
import { $ } from '/static/js/dom.js';
import { postJSON, rememberSeat } from '/rooms/static/rooms-api.js';

function say(text) { $('#status').textContent = text; }

$('#create-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const rules = { preset: $('#create-preset').value, ask: $('#create-ask').value,
                  book_size: Number($('#create-book').value), lucky_draw: $('#create-lucky').checked };
  try {
    const made = await postJSON('/rooms', { name: $('#create-name').value,
      players: Number($('#create-players').value), rules });
    rememberSeat(made.code, made.token);
    location.assign(made.invite);
  } catch (error) { say(error.message); }
});

$('#join-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const code = $('#join-code').value.replace(/[\s-]/g, '').toUpperCase();
  try {
    const joined = await postJSON(`/rooms/${encodeURIComponent(code)}/join`, { name: $('#join-name').value });
    rememberSeat(joined.code, joined.token);
    location.assign(joined.invite);
  } catch (error) { say(error.message); }
});
