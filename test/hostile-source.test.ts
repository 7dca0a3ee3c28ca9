// Rule text never becomes source text. A rule file whose names and strings are made of JavaScript — quotes,
// backticks, `${`, `*/`, newlines, `</script>`, unicode escapes, `__proto__`, the generator's own temporaries —
// must give exactly the same generated source as the same rules with harmless names and strings: the generated
// code's structure cannot depend on what the rule file says, only on its shape. And the hostile game plays as the
// closures play it, to the same log and the same values of its variables (the strings it builds among them).
import { describe, expect, it } from "vitest";
import { compileRulesText } from "../src/interpreter/load/load.js";
import { generatedSource } from "../src/interpreter/js/game.js";
import { formatDiagnostic } from "../src/interpreter/diagnostics.js";
import type { Backend } from "../src/interpreter/backend.js";
import { playGame } from "../src/sim/play-game.js";
import { randomAgent } from "../src/agents/random.js";

/**
 * A small game that uses each kind of name and text a rule file can hold, written with placeholders: @name for a
 * name, @"text" for a string literal in an expression, @'text' for text in YAML (a title, a message).
 */
const template = `name: @'title'
players: {min: 2, max: 3}
cards:
  sets:
    - each: {@attr: [@'v1', @'v2', @'v3'], n: 1..4}
      into: @stock
zones:
  @stock: {visible: nobody}
  @pile: {visible: everyone}
  @hand: {per: player, visible: owner, ordered: false}
constants:
  @table: {value: {@'v1': 1, @'v2': 2, @'v3': 3}}
variables:
  @count: {type: number, per: player}
  @said: {type: text}
  @best: {type: card}
  @lead: {type: cards}
  @rounds: {type: number}
  @moved: {type: number, per: player, reset: turn}
  @flag: {type: bool, reset: phase, initial: true}
  @mark: {type: text, reset: phase}
define:
  @worth(@c): |
    @table[@c.@attr] + @c.n
  @fits(@c): |
    @pile.empty or @c.@attr == @pile.top.@attr or @c.@attr == @"v1"
setup: |
  shuffle(@stock)
  deal(@stock, @hand, 4)
  @said = @"s1"
phases:
  @opening:
    turns: counterclockwise
    once: true
    actions: [@play, @lay, @pass, @swap]
    begin: |
      @rounds += 1
      @said = @said + @"s4"
    turn: |
      @moved += 1
    end: |
      @mark = @"s5"
    next: @main
  @main:
    actions: [@play, @lay, @pass, @swap]
    endWhen: |
      @flag and @pile.count > 5 * @rounds
    next: @opening
actions:
  @play:
    params:
      @card:
        from: @hand
        else: @'m1'
    require:
      @rule:
        check: |
          @fits(@card)
        else: @'m2'
    effect: |
      move(@card, @pile)
      @count += @worth(@card)
      @said = @said + @"s2"
      @best = @pile.maxBy(@c => @worth(@c))
      @lead = @pile.best(@c => [@table[@c.@attr], @c.@attr])
  @lay:
    params:
      @cards: {from: @hand, several: true, max: 1}
    require:
      @rule:
        check: |
          @fits(@cards.first) and @cards.last.n > 2
        else: @'m2'
    effect: |
      move(@cards, @pile)
  @swap:
    params:
      @mine: {from: @hand}
      @theirs: {from: @pile}
    require:
      @higher:
        check: |
          @mine.n > @theirs.n + 2
        else: @'m2'
    effect: |
      move(@mine, @pile)
      move(@theirs, @hand)
  @pass:
    require:
      @none:
        check: |
          not @hand.any(@c => @fits(@c))
        else: @'m3'
    effect: |
      move(@stock.top ?? @pile.bottom, @hand)
      @said = @"s3"
end: |
  players.any(@p => @p.@hand.empty) or @stock.empty
outcome:
  scores: |
    @p => @p.@count
`;

// Each placeholder, harmless and hostile. Names must be names of the language (and not keys a rule file may
// never use); strings may hold anything, messages anything but the braces of their {holes}.
const names: Record<string, [string, string]> = {
  title: ["Plain", "'); globalThis.pwned = 1; ('\n// "],
  attr: ["colour", "valueOf"],
  stock: ["stock", "k0"],
  pile: ["pile", "f0"],
  hand: ["hand", "s"],
  table: ["table", "L"],
  count: ["total", "t0"],
  said: ["said", "eval"],
  worth: ["worth", "Function"],
  fits: ["fits", "hasOwnProperty"],
  c: ["x", "arguments"],
  p: ["q", "globalThis"],
  play: ["play", "return"],
  pass: ["pass", "this"],
  card: ["card", "k"],
  lay: ["lay", "function"],
  cards: ["cards", "t2"],
  rule: ["rule", "__defineGetter__"],
  none: ["none", "toString"],
  v1: ["R", "`${globalThis.pwned = 2}`"],
  v2: ["G", "</script><script>globalThis.pwned = 3</script>"],
  v3: ["B", "\\u0027); globalThis.pwned = 4; //"],
  s1: ["a", "'\"`${1}\u2028\n\\"],
  s2: ["b", "*/ globalThis.pwned = 5; /*\n}\n"],
  s3: ["c", "__proto__"],
  best: ["highest", "bestKey"],
  lead: ["lead", "t1"],
  rounds: ["rounds", "t3"],
  moved: ["moved", "actor"],
  flag: ["flag", "action"],
  mark: ["mark", "p"],
  opening: ["opening", "toString"],
  main: ["main", "f1"],
  s4: ["d", "${s.over = true}"],
  s5: ["e", "'; s.phase = -1; '"],
  m1: ["m1", "`$` \\u0022 </script>\n*/"],
  m2: ["m2", "\"); globalThis.pwned = 7; (\""],
  m3: ["m3", "__proto__ ${"],
  swap: ["swap", "new"],
  mine: ["mine", "at"],
  theirs: ["theirs", "out"],
  higher: ["higher", "t3"],
};

function rules(which: 0 | 1): string {
  return template.replace(/@(?:(\w+)|"(\w+)"|'(\w+)')/g, (_, name?: string, literal?: string, text?: string) => {
    const key = name ?? literal ?? text!;
    const pair = names[key];
    if (!pair) throw new Error(`no placeholder ${key}`);
    const v = pair[which];
    if (literal) return `"${v.replace(/[\\"]/g, (ch) => `\\${ch}`).replace(/\n/g, "\\n")}"`; // a string literal of the language
    if (text) return JSON.stringify(v); // a YAML scalar
    return v;
  });
}

function compile(text: string, backend: Backend) {
  const r = compileRulesText(text, "hostile.yaml", "hostile", undefined, { backend });
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  return r.game;
}

describe("a hostile rule file cannot change the generated source", () => {
  const plain = compile(rules(0), "js");
  const hostile = compile(rules(1), "js");

  it("gives the very same source as harmless names and strings", () => {
    const a = generatedSource(plain)!;
    const b = generatedSource(hostile)!;
    expect(a.length).toBeGreaterThan(1000);
    // the kinds of code generated for speed are in it: a one-card move listed again from its table, and the best
    // card of a zone chosen by its place in the cards' order by a key (worked out once, from the hostile strings)
    expect(a).toMatch(/out\.push\(t\d+\);/);
    expect(a).toMatch(/\(t\d+ - bestKey\) \* 1 > 0/);
    // and a candidate checked as a list of one card, which the check reads from the list by name, its first and
    // last card as the candidate itself (the frame is not written: nothing generated elsewhere reads it)
    expect(a).toMatch(/(k\d+)\[0\] = (t\d+);\nif \(!\(\(t\d+ = \2, /);
    // and a card's move, once its requirements passed, listed without reading its list back into the frame
    expect(a).toMatch(/k\d+\[t\d+\] = (t\d+);\n\}\nif \(out\.length >= \d+\) k\d+\(k\d+\);\nout\.push\(\1\);/);
    expect(a).not.toMatch(/\.args\[0\];/);
    // and the phase's listing: each of its four actions' listings called from a line of its own, in order
    expect(a).toMatch(/function f\d+\(s, out\) \{\nf\d+\(s, out\);\nf\d+\(s, out\);\nf\d+\(s, out\);\nf\d+\(s, out\);\n\}/);
    // and the listings into a sink, which make no move: a move made before added as it is, and a move of two
    // parameters written as its action and its two arguments, in the sink's own list, by the place it gives
    expect(a).toMatch(/out\.add\(t\d+\);/);
    expect(a).toMatch(/out\.add\(k\d+\);/);
    expect(a).toMatch(/(t\d+) = out\.open\(k\d+\);\nout\.args\[\1\] = t\d+;\nout\.args\[\1 \+ 1\] = t\d+;/);
    // (two phases, each listed both ways)
    expect(a.match(/function f\d+\(s, out\) \{\nf\d+\(s, out\);\nf\d+\(s, out\);\nf\d+\(s, out\);\nf\d+\(s, out\);\n\}/g)).toHaveLength(4);
    // and each phase's flow, generated: the phase entered with its name as a constant, its turn and phase
    // variables set back by writing their values in, the turn passed counter-clockwise in the first phase, and
    // the phase that follows entered by a call of its own
    expect(a.match(/function f\d+\(s, actor, action\) \{/g)).toHaveLength(2);
    expect(a).toMatch(/k\d+\(s, \{ type: "phase", phase: k\d+ \}\);/);
    expect(a).toMatch(/(t\d+) = s\.n;\nfor \((t\d+) = 0; \2 < \1; \2\+\+\) \{\ns\.vars\[\d+ \+ \d+ \* \1 \+ \2\] = k\d+;\n\}/);
    expect(a).toMatch(/\ns\.vars\[\d+\] = true;\ns\.vars\[\d+\] = k\d+;\n/);
    expect(a).toMatch(/ = k\d+\(s, actor, s\.reversed \? -\(-1\) : \(-1\)\);/);
    expect(a).toMatch(/(t\d+) = f\d+\(s\);\nif \(\1 >= 0\) k\d+\(s, \1\);/);
    expect(b).toBe(a);
  });

  it("keeps every string of the rule file out of the source", () => {
    // (a name such as `return` is a word of any JavaScript: that names do not matter is what the test above shows)
    const source = generatedSource(hostile)!;
    const texts = Object.entries(names).filter(([, [, text]]) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(text));
    expect(texts.length).toBeGreaterThanOrEqual(9);
    for (const [key, [, text]] of texts) expect(source.includes(text), `${key}: ${text}`).toBe(false);
    expect(source).not.toMatch(/pwned|<\/script>|__proto__|globalThis/);
  });

  it("plays exactly as the closures play it, and touches nothing outside the game", () => {
    const closures = compile(rules(1), "closures");
    for (let g = 0; g < 30; g++) {
      const logs = [hostile, closures].map((game) => {
        const r = playGame(game, { players: 2 + (g % 2), seed: `h${g}`, agents: [randomAgent, randomAgent, randomAgent], log: true });
        expect(r.error).toBeNull();
        return JSON.stringify([r.state.log, r.state.vars]);
      });
      expect(logs[0]).toBe(logs[1]);
    }
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
  });
});
