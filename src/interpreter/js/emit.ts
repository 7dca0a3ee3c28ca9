// The JavaScript back end: writes the checked, typed tree as JavaScript source, node for node with the same
// meaning as the closure back end (lang/closures/), calling the same runtime helpers. A builtin without a
// generator of its own (js/builtins.ts) is made by its registry entry, as the closure back end makes it, from
// generated arguments: adding a builtin never needs a change here.
import { mayBeNoZone, type TArg, type TBlock, type TExpr, type TLambda, type TStmt } from "../lang/typed.js";
import { compare, equal } from "../lang/values.js";
import { activePlayers, allPlayers, cardName, concat, item, looping, mapGet, needZone, noCards, num, place, playerName, range, show, strcat } from "../lang/runtime.js";
import { tick } from "../budget.js";
import { zoneName } from "../zones.js";
import { startPlayer } from "../turn-order.js";
import { shareWithTeam } from "../teams.js";
import { Module } from "./module.js";
import { Fn, int } from "./fn.js";
import { builtinEmitters } from "./builtins.js";
import { readsLocal, readsLocalElsewhere, safe } from "./reads.js";

const runtime = { compare, equal, activePlayers, allPlayers, cardName, concat, item, looping, mapGet, needZone, noCards, num, place, playerName, range, show, strcat, tick, zoneName, startPlayer, shareWithTeam };

export class Emitter {
  /**
   * `gameZones`: how many zones every state of the game has from the start, whatever the number of players (the
   * zones of the game itself, numbered first); 0 where that is not known.
   */
  constructor(readonly m: Module, readonly gameZones = 0) {}

  /** An emitter writing a module of its own, compiled apart: for values worked out once while generating. */
  standalone(): Emitter {
    return new Emitter(new Module(), this.gameZones);
  }

  /**
   * Whether an expression always gives a zone that exists: a zone of the game named in the rules, which every
   * state has. A move there needs no check that its zone exists (the check that refuses none or a family's zone
   * past its end); any other zone is checked as the move begins.
   */
  alwaysAZone(e: TExpr): boolean {
    return e.k === "const" && e.type.t === "zone" && Number.isInteger(e.value) && (e.value as number) >= 0 && (e.value as number) < this.gameZones;
  }

  /** A runtime helper, by the generator's name for it. */
  helper(name: keyof typeof runtime): string {
    return this.m.constant(runtime[name]);
  }

  /** A value from the rule file or the compiled game, as a constant read by index. */
  value(v: unknown): string {
    if (v === null) return "null";
    if (v === true) return "true";
    if (v === false) return "false";
    return this.m.constant(v);
  }

  /** A zone's live list of cards; a zone that may be none reads as no cards (see mayBeNoZone). */
  zoneCards(zone: TExpr, f: Fn): string {
    const z = `s.zones[${this.expr(zone, f)}]`;
    return mayBeNoZone(zone) ? `(${z} ?? ${this.helper("noCards")})` : z;
  }

  /** A local's frame slot; read in `f`, the temporary that holds it there, if any. */
  local(frame: unknown[], slot: number, f?: Fn): string {
    return f?.aliasOf(frame, slot) ?? `${this.m.constant(frame)}[${int(slot)}]`;
  }

  /**
   * Binds a local to a value for the code that reads it in `f`: in a temporary, and in its frame slot too when
   * `scope` reads it from code generated elsewhere. Returns the assignment, or null when nothing needs it.
   */
  bindLocal(frame: unknown[], slot: number, value: string, scope: TExpr, f: Fn): string {
    const t = f.tmp();
    const assign = readsLocalElsewhere(scope, frame, slot) ? `${t} = ${this.local(frame, slot)} = ${value}` : `${t} = ${value}`;
    f.alias(frame, slot, t);
    f.single(frame, slot, null); // bound again: whatever it held before
    return assign;
  }

  /**
   * The card of an expression known to give a list of exactly one card where `f` reads it (see Fn.single):
   * a local that holds one, or such a local read as a list; null when that is not known.
   */
  singleCard(e: TExpr, f: Fn): string | null {
    if (e.k === "local") return f.singleOf(e.frame, e.slot) ?? null;
    if (e.k === "orEmpty") return this.singleCard(e.list, f);
    return null;
  }

  // ---- functions ---------------------------------------------------------------------------------------

  evalFunction(e: TExpr): string {
    const f = new Fn();
    const body = `return ${this.expr(e, f)};`;
    return this.m.add(["s"], body, f.temps);
  }

  runFunction(b: TBlock): string {
    const f = new Fn();
    const body = this.block(b, f);
    return this.m.add(["s"], body, f.temps);
  }

  lambdaFunction(l: TLambda): string {
    const f = new Fn();
    const binds = l.slots.map((slot, i) => `${this.local(l.frame, slot)} = ${i === 0 ? "a" : "b"};`).join("\n");
    return this.m.add(["s", "a", "b"], `${this.helper("tick")}(s, 1);\n${binds}\nreturn ${this.expr(l.body, f)};`, f.temps);
  }

  argFunction(a: TArg): string {
    return a.k === "lambda" ? this.lambdaFunction(a) : this.evalFunction(a);
  }

  // ---- expressions -----------------------------------------------------------------------------------

  /** A JavaScript boolean that is true exactly when the expression's value is `true`, as rules test values. */
  test(e: TExpr, f: Fn): string {
    return givesBoolean(e) ? this.expr(e, f) : `(${this.expr(e, f)} === true)`;
  }

  expr(e: TExpr, f: Fn): string {
    const computed = f.computedAs(e);
    if (computed) return computed;
    switch (e.k) {
      case "const":
        return this.value(e.value);
      case "local":
        return this.local(e.frame, e.slot, f);
      case "special":
        return this.special(e.name);
      case "option":
        return `s.opts[${int(e.slot)}]`;
      case "family":
        return `s.groups[${int(e.slot)}]`;
      case "zoneKind":
        return int(e.index);
      case "var": {
        const d = e.def;
        if (d.per === "game") return `s.vars[${int(d.slot)}]`;
        const owner = e.owner ? `(${this.expr(e.owner, f)})` : "s.me";
        return `s.vars[${int(e.globals)} + ${int(d.slot)} * s.n + ${owner}]`;
      }
      case "myZone":
        return `(${int(e.shared)} + ${int(e.slot)} * s.n + s.me)`;
      case "heldZone": {
        const c = f.tmp(); // none holds no zone
        return `(${c} = ${this.expr(e.card, f)}, ${c} === null ? null : ${int(e.slot)} + ${c})`;
      }
      case "playerZone": {
        if (!mayBeNoZone(e)) return `(${int(e.shared)} + ${int(e.slot)} * s.n + (${this.expr(e.player, f)}))`;
        const p = f.tmp(); // none's zone is none
        return `(${p} = ${this.expr(e.player, f)}, ${p} === null ? null : ${int(e.shared)} + ${int(e.slot)} * s.n + ${p})`;
      }
      case "zoneCards":
        return this.zoneCards(e.zone, f);
      case "zoneQuery": {
        const z = this.zoneCards(e.zone, f);
        if (e.op === "count") return `${z}.length`;
        if (e.op === "empty") return `(${z}.length === 0)`;
        if (e.op === "any") return `(${z}.length > 0)`;
        const t = f.tmp();
        return e.op === "top" ? `(${t} = ${z}, ${t}.length ? ${t}[${t}.length - 1] : null)` : `(${t} = ${z}, ${t}.length ? ${t}[0] : null)`;
      }
      case "zoneName":
        return `${this.helper("zoneName")}(s, ${this.expr(e.zone, f)})`;
      case "zoneNeeded":
        return `${this.helper("needZone")}(${this.expr(e.zone, f)}, ${this.value(e.rule)}, ${this.value(e.what)})`;
      case "attr": {
        const t = f.tmp();
        return `(${t} = ${this.expr(e.card, f)}, ${t} === null ? null : ${this.m.constant(e.attr.byCard)}[${t}])`;
      }
      case "cardName":
        return `${this.helper("cardName")}(s, ${this.expr(e.card, f)})`;
      case "cardFrom": {
        const [t, p] = [f.tmp(), f.tmp()];
        return `(${t} = ${this.expr(e.card, f)}, ${t} === null ? null : (${p} = s.cardFrom[${t}], ${p} >= 0 ? ${p} : null))`;
      }
      case "playerName":
        return `${this.helper("playerName")}(s, ${this.expr(e.player, f)})`;
      case "playerOut":
        return `(s.out[${this.expr(e.player, f)}] === 1)`;
      case "playerPlace":
        return `${this.helper("place")}(s, ${this.expr(e.player, f)})`;
      case "define": {
        const binds: string[] = [];
        for (const b of e.binds) {
          if (readsLocal(e.body, b.frame, b.slot)) {
            const one = this.singleCard(b.value, f);
            binds.push(this.bindLocal(b.frame, b.slot, this.expr(b.value, f), e.body, f));
            if (one !== null) f.single(b.frame, b.slot, one); // a definition's parameter given the list of one card
          }
          else if (!safe(b.value)) binds.push(this.expr(b.value, f)); // unused, but evaluated as the closures do
        }
        return binds.length ? `(${[...binds, this.expr(e.body, f)].join(", ")})` : this.expr(e.body, f);
      }
      case "fnCall":
        return `(${this.helper("tick")}(s, 1), ${this.expr(e.body, f)})`;
      case "defineRun": {
        const inner = new Fn();
        const body = `${this.defineRun(e, inner)}\nreturn null;`;
        return `${this.m.add(["s"], body, inner.temps)}(s)`;
      }
      case "call":
        return this.call(e, f);
      case "not":
        return `!${this.test(e.arg, f)}`;
      case "neg":
        return `(-${this.helper("num")}(${this.expr(e.arg, f)}, ${this.value(e.rule)}))`;
      case "and":
      case "or": {
        const op = e.k === "and" ? " && " : " || ";
        return `(${e.args.map((a) => this.test(a, f)).join(op)})`;
      }
      case "arith": {
        const n = this.helper("num");
        const rule = this.value(e.rule);
        const [x, y] = [`${n}(${this.expr(e.a, f)}, ${rule})`, `${n}(${this.expr(e.b, f)}, ${rule})`];
        if (e.op !== "%") return `(${x} ${e.op} ${y})`;
        const [a, b] = [f.tmp(), f.tmp()];
        return `(${a} = ${x}, ${b} = ${y}, ((${a} % ${b}) + ${b}) % ${b})`;
      }
      case "concat":
        return `${this.helper("concat")}(s, ${this.expr(e.a, f)}, ${this.expr(e.b, f)}, ${this.value(e.rule)})`;
      case "strcat":
        return `${this.helper("strcat")}(${this.expr(e.a, f)}, ${this.expr(e.b, f)}, ${this.value(e.rule)})`;
      case "eq":
        return this.equality(e, f);
      case "order": {
        const [p, q] = [f.tmp(), f.tmp()];
        const head = `${p} = ${this.expr(e.a, f)}, ${q} = ${this.expr(e.b, f)}, ${p} !== null && ${q} !== null`;
        if (e.numeric) return `(${head} && ${p} ${e.op} ${q})`;
        return `(${head} && ${this.helper("compare")}(${p}, ${q}) ${e.op} 0)`;
      }
      case "in": {
        if (e.scalar) return `${this.expr(e.list, f)}.includes(${this.expr(e.item, f)})`;
        const v = f.tmp();
        return `(${v} = ${this.expr(e.item, f)}, ${this.expr(e.list, f)}.some((y) => ${this.helper("equal")}(y, ${v})))`;
      }
      case "coalesce": {
        const v = f.tmp();
        return `(${v} = ${this.expr(e.a, f)}, ${v} === null ? ${this.expr(e.b, f)} : ${v})`;
      }
      case "range":
        return `${this.helper("range")}(s, ${this.expr(e.from, f)}, ${this.expr(e.to, f)}, ${this.value(e.rule)})`;
      case "cond":
        return `(${this.test(e.test, f)} ? ${this.expr(e.then, f)} : ${this.expr(e.else, f)})`;
      case "list":
        return `[${e.items.map((i) => this.expr(i, f)).join(", ")}]`;
      case "item":
        return `${this.helper("item")}(${this.expr(e.list, f)}, ${this.expr(e.index, f)})`;
      case "mapGet":
        return `${this.helper("mapGet")}(${this.expr(e.map, f)}, ${this.expr(e.key, f)}, ${this.value(e.rule)})`;
      case "orEmpty":
        return `(${this.expr(e.list, f)} ?? [])`;
      case "toCards": {
        const v = f.tmp();
        return `(${v} = ${this.expr(e.card, f)}, ${v} === null ? [] : [${v}])`;
      }
      case "copyList":
        return `${this.expr(e.list, f)}.slice()`;
      case "copyValue": {
        const v = f.tmp();
        return `(${v} = ${this.expr(e.value, f)}, Array.isArray(${v}) ? ${v}.slice() : ${v})`;
      }
      case "str":
        return `${this.helper("show")}(s, ${this.expr(e.value, f)}, ${this.m.constant(e.of)})`;
    }
  }

  private special(name: Extract<TExpr, { k: "special" }>["name"]): string {
    switch (name) {
      case "players":
        return `${this.helper("allPlayers")}(s)`;
      case "active":
        return `${this.helper("activePlayers")}(s)`;
      case "me":
        return "s.me";
      case "current":
        return "(s.current >= 0 ? s.current : null)";
      case "dealer":
        return "s.dealer";
      case "start":
        return `${this.helper("startPlayer")}(s)`;
      case "playerCount":
        return "s.n";
      case "phase":
        return "(s.game.phases[s.phase]?.name ?? null)";
      case "now":
        return "s.now";
      case "lastWinners":
        return "(s.last?.result?.winners ?? [])";
      case "lastLosers":
        return "(s.last?.result?.losers ?? [])";
      case "lastScores":
        return "(s.last?.result?.scores ?? [])";
      case "lastPlaces":
        return "(s.last?.result?.places ?? [])";
    }
  }

  private equality(e: Extract<TExpr, { k: "eq" }>, f: Fn): string {
    const op = e.negate ? "!==" : "===";
    if (e.scalar) return `(${this.expr(e.a, f)} ${op} ${this.expr(e.b, f)})`;
    return `(${e.negate ? "!" : ""}${this.helper("equal")}(${this.expr(e.a, f)}, ${this.expr(e.b, f)}))`;
  }

  private call(e: Extract<TExpr, { k: "call" }>, f: Fn): string {
    const special = builtinEmitters.get(e.builtin.name);
    const emitted = special ? special(this, e, f) : null;
    if (emitted !== null) return emitted;
    // Not specialised: the builtin's own closure, made from generated arguments.
    const args = e.args.map((a) => this.argFunction(a));
    const { builtin, argTypes } = e;
    return `${this.m.later((get) => builtin.make(args.map(get) as never[], argTypes))}(s)`;
  }

  // ---- statements ------------------------------------------------------------------------------------

  block(b: TBlock, f: Fn): string {
    const step = `if (++s.steps > ${this.value(b.limit)}) throw ${this.helper("looping")}(${this.value(b.rule)}, ${this.value(b.limit)});`;
    return b.stmts.map((st) => `${step}\n${this.statement(st, f)}`).join("\n");
  }

  private defineRun(e: Extract<TExpr, { k: "defineRun" }>, f: Fn): string {
    const binds = e.binds.map((b) => `${this.local(b.frame, b.slot)} = ${this.expr(b.value, f)};`);
    return [...binds, this.block(e.body, f)].join("\n");
  }

  private statement(st: TStmt, f: Fn): string {
    switch (st.k) {
      case "if": {
        const then = `if (${this.test(st.test, f)}) {\n${this.block(st.then, f)}\n}`;
        return st.else ? `${then} else {\n${this.block(st.else, f)}\n}` : then;
      }
      case "for": {
        const [items, i] = [f.tmp(), f.tmp()];
        const body = this.block(st.body, f);
        return `${items} = ${this.expr(st.list, f)}.slice();\nfor (${i} = 0; ${i} < ${items}.length; ${i}++) {\n${this.local(st.frame, st.slot)} = ${items}[${i}];\n${body}\n}`;
      }
      case "while": {
        const step = `if (++s.steps > ${this.value(st.limit)}) throw ${this.helper("looping")}(${this.value(st.rule)}, ${this.value(st.limit)});`;
        return `while (${this.test(st.test, f)}) {\n${step}\n${this.block(st.body, f)}\n}`;
      }
      case "setLocal": {
        const at = this.local(st.frame, st.slot);
        if (st.op === "=") return `${at} = ${this.expr(st.value, f)};`;
        return `${at} = ${at} + ${st.op === "-=" ? "-1" : "1"} * ${this.expr(st.value, f)};`;
      }
      case "setVar": {
        const d = st.def;
        const index = d.per === "game" ? int(d.slot) : `${int(st.globals)} + ${int(d.slot)} * s.n + ${st.owner ? `(${this.expr(st.owner, f)})` : "s.me"}`;
        if (d.team) {
          const i = f.tmp();
          const set = st.op === "=" ? this.expr(st.value, f) : `s.vars[${i}] + ${st.op === "-=" ? "-1" : "1"} * ${this.expr(st.value, f)}`;
          return `${i} = ${index};\ns.vars[${i}] = ${set};\n${this.helper("shareWithTeam")}(s, ${i});`;
        }
        if (st.op === "=") return `s.vars[${index}] = ${this.expr(st.value, f)};`;
        const i = f.tmp();
        return `${i} = ${index};\ns.vars[${i}] = s.vars[${i}] + ${st.op === "-=" ? "-1" : "1"} * ${this.expr(st.value, f)};`;
      }
      case "setDealer":
        return `s.dealer = ${this.expr(st.value, f)} ?? s.dealer;`;
      case "setStart":
        return `s.start = ${this.expr(st.value, f)} ?? -2;`;
      case "do":
        if (st.expr.k === "defineRun") return this.defineRun(st.expr, f);
        return `${this.expr(st.expr, f)};`;
    }
  }
}

/** Whether an expression always gives true or false (never none, never another value). */
function givesBoolean(e: TExpr): boolean {
  switch (e.k) {
    case "eq":
    case "order":
    case "not":
    case "and":
    case "or":
    case "in":
    case "playerOut":
      return true;
    case "zoneQuery":
      return e.op === "empty" || e.op === "any";
    case "const":
      return typeof e.value === "boolean";
    case "define":
      return givesBoolean(e.body);
    case "cond":
      return givesBoolean(e.then) && givesBoolean(e.else);
    default:
      return false;
  }
}

