// A one-requirement house rule of Idiot, the example the authoring guide starts from: a three goes on anything.
export const threesAreWild = [
  "extends: idiot",
  "name: Threes Are Wild",
  "replaces: [actions.play.require.rank-order]",
  "actions:",
  "  play:",
  "    require:",
  "      rank-order:",
  "        check: cards.first.rank == 3 or canPlay(cards.first)",
  "        else: a three goes on anything",
].join("\n") + "\n";
