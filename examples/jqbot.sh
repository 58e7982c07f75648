#!/usr/bin/env bash
# An external Go Fish bot in bash and jq (docs/bots-protocol.md): it asks for the rank it
# holds most of, and cycles through the seats that may be asked by the turn's id, so that
# with a dry pond it does not repeat one miss for ever (R8).
#
#     gofish tournament emma "cmd:bash examples/jqbot.sh"
#
# Each message starts jq anew (a few milliseconds): fine for trying the protocol out.
# Debug output goes to stderr; stdout carries protocol lines only.
while IFS= read -r line; do
  case $(jq -r '.type' <<<"$line") in
    hello) jq -c '{type: "hello", name: "jqbot", version: 1, id: .id}' <<<"$line" ;;
    turn)
      jq -c '
        (.view.hand | map(.[0:-1]) | group_by(.)
         | map({key: .[0], value: length}) | from_entries) as $held
        | (.legal | map($held[.rank])) as $counts
        | ($counts | max) as $most
        | [.legal[] | select($held[.rank] == $most)] as $best
        | $best[.id % ($best | length)] + {type: "action", id: .id}' <<<"$line" ;;
    quit) exit 0 ;;
    *) ;;  # new_game, game_over and anything newer: no answer
  esac
done
