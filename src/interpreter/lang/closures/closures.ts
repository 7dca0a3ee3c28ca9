// The closure back end: turns the checked, typed tree into closures. It is the reference for what every node
// means, and what runs where generated code is not allowed. The commonest shapes (a local's attribute, a zone's
// count, a comparison with a constant) become one closure each rather than a chain.
import type { Eval, Message, Run } from "../../model.js";
import type { State } from "../../state.js";
import type { Lam } from "../builtins.js";
import { mayBeNoZone, type TArg, type TBlock, type TExpr, type TLambda, type TMessage, type TStmt, type Bind } from "../typed.js";
import { compare, equal } from "../values.js";
import { activePlayers, allPlayers, cardName, concat, item, looping, mapGet, needZone, noCards, num, place, playerName, range, show, strcat } from "../runtime.js";
import { tick } from "../../budget.js";
import { zoneName } from "../../zones.js";
import { startPlayer } from "../../turn-order.js";
import { shareWithTeam } from "../../teams.js";
import { allTrue, anyTrue, arithmetic, numberOrder, orderTests } from "./operators.js";

export function evalOf(e: TExpr): Eval {
  switch (e.k) {
    case "const": {
      const v = e.value;
      return () => v;
    }
    case "local": {
      const { frame, slot } = e;
      return () => frame[slot];
    }
    case "special":
      return special(e.name);
    case "option": {
      const slot = e.slot;
      return (s) => s.opts[slot];
    }
    case "family": {
      const slot = e.slot;
      return (s) => s.groups[slot];
    }
    case "zoneKind": {
      const index = e.index;
      return () => index;
    }
    case "var":
      return variable(e);
    case "myZone": {
      const { shared, slot } = e;
      return (s) => shared + slot * s.n + s.me;
    }
    case "heldZone": {
      const slot = e.slot;
      const o = evalOf(e.card);
      return (s) => {
        const c = o(s) as number | null;
        return c === null ? null : slot + c; // none holds no zone
      };
    }
    case "playerZone": {
      const { shared, slot } = e;
      const o = evalOf(e.player);
      return (s) => {
        const p = o(s) as number | null;
        return p === null ? null : shared + slot * s.n + p; // none's zone is none
      };
    }
    case "zoneCards": {
      if (e.zone.k === "const") {
        const z = e.zone.value as number;
        return (s) => s.zones[z];
      }
      const z = evalOf(e.zone);
      if (mayBeNoZone(e.zone)) return (s) => s.zones[z(s) as number] ?? noCards;
      return (s) => s.zones[z(s) as number];
    }
    case "zoneQuery":
      return zoneQuery(e.op, e.zone);
    case "zoneNeeded": {
      const [z, rule, what] = [evalOf(e.zone), e.rule, e.what];
      return (s) => needZone(z(s), rule, what);
    }
    case "zoneName": {
      const z = evalOf(e.zone);
      return (s) => zoneName(s, z(s) as number);
    }
    case "attr": {
      const byCard = e.attr.byCard;
      if (e.card.k === "local") {
        const { frame, slot } = e.card;
        return () => {
          const c = frame[slot] as number | null;
          return c === null ? null : byCard[c];
        };
      }
      const o = evalOf(e.card);
      return (s) => {
        const c = o(s) as number | null;
        return c === null ? null : byCard[c];
      };
    }
    case "cardName": {
      const o = evalOf(e.card);
      return (s) => cardName(s, o(s) as number | null);
    }
    case "cardFrom": {
      const o = evalOf(e.card);
      return (s) => {
        const c = o(s) as number | null;
        if (c === null) return null;
        const p = s.cardFrom[c];
        return p >= 0 ? p : null;
      };
    }
    case "playerName": {
      const o = evalOf(e.player);
      return (s) => playerName(s, o(s) as number | null);
    }
    case "playerOut": {
      const o = evalOf(e.player);
      return (s) => s.out[o(s) as number] === 1;
    }
    case "playerPlace": {
      const o = evalOf(e.player);
      return (s) => place(s, o(s) as number);
    }
    case "define":
      return define(e.binds, evalOf(e.body));
    case "fnCall": {
      const body = evalOf(e.body);
      // counted as a call of a function given to a built-in is (see lamOf)
      return (s) => {
        tick(s, 1);
        return body(s);
      };
    }
    case "defineRun": {
      const binds = e.binds.map(bindOf);
      const run = runOf(e.body);
      return (s) => {
        for (let i = 0; i < binds.length; i++) binds[i](s);
        run(s);
        return null;
      };
    }
    case "call":
      return e.builtin.make(e.args.map(argOf), e.argTypes);
    case "not": {
      const f = evalOf(e.arg);
      return (s) => f(s) !== true;
    }
    case "neg": {
      const f = evalOf(e.arg);
      const rule = e.rule;
      return (s) => -num(f(s), rule);
    }
    case "and":
      return allTrue(e.args.map(evalOf));
    case "or":
      return anyTrue(e.args.map(evalOf));
    case "arith": {
      const [x, y, op, rule] = [evalOf(e.a), evalOf(e.b), arithmetic[e.op], e.rule];
      return (s) => op(num(x(s), rule), num(y(s), rule));
    }
    case "concat": {
      const [x, y, rule] = [evalOf(e.a) as Eval<unknown[]>, evalOf(e.b) as Eval<unknown[]>, e.rule];
      return (s) => concat(s, x(s), y(s), rule);
    }
    case "strcat": {
      const [x, y, rule] = [evalOf(e.a) as Eval<string>, evalOf(e.b) as Eval<string>, e.rule];
      return (s) => strcat(x(s), y(s), rule);
    }
    case "eq":
      return equality(e);
    case "order": {
      const [x, y] = [evalOf(e.a), evalOf(e.b)];
      if (e.numeric) return numberOrder(e.op, x as Eval<number | null>, y as Eval<number | null>);
      const test = orderTests[e.op];
      return (s) => {
        const p = x(s);
        const q = y(s);
        if (p === null || q === null) return false;
        return test(compare(p, q));
      };
    }
    case "in": {
      const [x, list] = [evalOf(e.item), evalOf(e.list) as Eval<unknown[]>];
      if (e.scalar) return (s) => list(s).includes(x(s));
      return (s) => {
        const v = x(s);
        return list(s).some((y) => equal(y, v));
      };
    }
    case "coalesce": {
      const [x, y] = [evalOf(e.a), evalOf(e.b)];
      return (s) => {
        const v = x(s);
        return v === null ? y(s) : v;
      };
    }
    case "range": {
      const [x, y, rule] = [evalOf(e.from), evalOf(e.to), e.rule];
      return (s) => range(s, x(s), y(s), rule);
    }
    case "cond": {
      const [t, x, y] = [evalOf(e.test), evalOf(e.then), evalOf(e.else)];
      return (s) => (t(s) === true ? x(s) : y(s));
    }
    case "list": {
      const fns = e.items.map(evalOf);
      return (s) => fns.map((f) => f(s));
    }
    case "item": {
      const [list, i] = [evalOf(e.list) as Eval<unknown[]>, evalOf(e.index)];
      return (s) => {
        const l = list(s);
        return item(l, i(s) as number);
      };
    }
    case "mapGet": {
      const [o, rule] = [evalOf(e.map), e.rule];
      if (e.key.k === "const") {
        const key = e.key.value;
        return (s) => mapGet(o(s), key, rule);
      }
      const k = evalOf(e.key);
      return (s) => mapGet(o(s), k(s), rule);
    }
    case "orEmpty": {
      const f = evalOf(e.list);
      return (s) => (f(s) as unknown[] | null) ?? [];
    }
    case "toCards": {
      const f = evalOf(e.card);
      return (s) => {
        const v = f(s);
        return v === null ? [] : [v];
      };
    }
    case "copyList": {
      const list = evalOf(e.list) as Eval<unknown[]>;
      return (s) => list(s).slice();
    }
    case "copyValue": {
      const fn = evalOf(e.value);
      return (s) => {
        const v = fn(s);
        return Array.isArray(v) ? v.slice() : v;
      };
    }
    case "str": {
      const [f, of] = [evalOf(e.value), e.of];
      return (s) => show(s, f(s), of);
    }
  }
}

export function lamOf(l: TLambda): Lam {
  const { frame, slots } = l;
  const f = evalOf(l.body);
  // every call counts one unit of work against the run's budget
  return slots.length === 1
    ? (s, a) => {
        tick(s, 1);
        frame[slots[0]] = a;
        return f(s);
      }
    : (s, a, b) => {
        tick(s, 1);
        frame[slots[0]] = a;
        if (slots.length > 1) frame[slots[1]] = b;
        return f(s);
      };
}

export function argOf(a: TArg): Eval | Lam {
  return a.k === "lambda" ? lamOf(a) : evalOf(a);
}

export function messageOf(m: TMessage): Message {
  const parts = m.map((p) => (typeof p === "string" ? p : (evalOf(p) as Eval<string>)));
  return (s) => parts.map((p) => (typeof p === "string" ? p : p(s))).join("");
}

// ---- statements --------------------------------------------------------------------------------------

export function runOf(b: TBlock): Run {
  const runs = b.stmts.map(statement);
  const { limit, rule } = b;
  if (runs.length === 1) {
    const only = runs[0];
    return (s) => {
      if (++s.steps > limit) throw looping(rule, limit);
      only(s);
    };
  }
  return (s) => {
    for (let i = 0; i < runs.length; i++) {
      if (++s.steps > limit) throw looping(rule, limit);
      runs[i](s);
    }
  };
}

function statement(st: TStmt): Run {
  switch (st.k) {
    case "if": {
      const [t, then] = [evalOf(st.test), runOf(st.then)];
      if (!st.else) {
        return (s) => {
          if (t(s) === true) then(s);
        };
      }
      const otherwise = runOf(st.else);
      return (s) => {
        if (t(s) === true) then(s);
        else otherwise(s);
      };
    }
    case "for": {
      const { frame, slot } = st;
      const list = evalOf(st.list) as Eval<unknown[]>;
      const body = runOf(st.body);
      return (s) => {
        // Go through a copy: the body may move the very cards it goes through.
        const items = list(s).slice();
        for (let i = 0; i < items.length; i++) {
          frame[slot] = items[i];
          body(s);
        }
      };
    }
    case "while": {
      const [t, body, limit, rule] = [evalOf(st.test), runOf(st.body), st.limit, st.rule];
      return (s) => {
        while (t(s) === true) {
          if (++s.steps > limit) throw looping(rule, limit);
          body(s);
        }
      };
    }
    case "setLocal": {
      const { frame, slot } = st;
      const value = evalOf(st.value);
      if (st.op === "=") return (s) => void (frame[slot] = value(s));
      const sign = st.op === "-=" ? -1 : 1;
      return (s) => void (frame[slot] = (frame[slot] as number) + sign * (value(s) as number));
    }
    case "setVar": {
      const at = varIndex(st.def.per === "game" ? null : st.globals, st.def.slot, st.owner);
      const value = evalOf(st.value);
      const sign = st.op === "-=" ? -1 : 1;
      if (st.def.team) {
        return (s) => {
          const i = at(s);
          s.vars[i] = st.op === "=" ? value(s) : (s.vars[i] as number) + sign * (value(s) as number);
          shareWithTeam(s, i);
        };
      }
      if (st.op === "=") return (s) => void (s.vars[at(s)] = value(s));
      return (s) => {
        const i = at(s);
        s.vars[i] = (s.vars[i] as number) + sign * (value(s) as number);
      };
    }
    case "setDealer": {
      const f = evalOf(st.value);
      return (s) => void (s.dealer = (f(s) as number | null) ?? s.dealer);
    }
    case "setStart": {
      const f = evalOf(st.value);
      return (s) => void (s.start = (f(s) as number | null) ?? -2);
    }
    case "do": {
      const fn = evalOf(st.expr);
      return (s) => {
        fn(s);
      };
    }
  }
}

// ---- pieces ------------------------------------------------------------------------------------------

function special(name: Extract<TExpr, { k: "special" }>["name"]): Eval {
  switch (name) {
    case "players":
      return (s) => allPlayers(s);
    case "active":
      return (s) => activePlayers(s);
    case "me":
      return (s) => s.me;
    case "current":
      return (s) => (s.current >= 0 ? s.current : null);
    case "dealer":
      return (s) => s.dealer;
    case "start":
      return (s) => startPlayer(s);
    case "playerCount":
      return (s) => s.n;
    case "phase":
      return (s) => s.game.phases[s.phase]?.name ?? null;
    case "now":
      return (s) => s.now;
    case "lastWinners":
      return (s) => s.last?.result?.winners ?? [];
    case "lastLosers":
      return (s) => s.last?.result?.losers ?? [];
    case "lastScores":
      return (s) => s.last?.result?.scores ?? [];
    case "lastPlaces":
      return (s) => s.last?.result?.places ?? [];
  }
}

/** A variable read in one closure: a game variable's slot is fixed, a player's follows the owner or the actor. */
function variable(e: Extract<TExpr, { k: "var" }>): Eval {
  const { def, globals } = e;
  if (def.per === "game") {
    const i = def.slot;
    return (s) => s.vars[i];
  }
  const k = def.slot;
  if (!e.owner) return (s) => s.vars[globals + k * s.n + s.me];
  if (e.owner.k === "local") {
    const { frame, slot } = e.owner;
    return (s) => s.vars[globals + k * s.n + (frame[slot] as number)];
  }
  const o = evalOf(e.owner);
  return (s) => s.vars[globals + k * s.n + (o(s) as number)];
}

/** Where a variable is kept: null globals for a game variable; no owner means the acting player's. */
function varIndex(globals: number | null, k: number, owner: TExpr | null): (s: State) => number {
  if (globals === null) return () => k;
  if (!owner) return (s) => globals + k * s.n + s.me;
  const o = evalOf(owner);
  return (s) => globals + k * s.n + (o(s) as number);
}

function zoneQuery(op: Extract<TExpr, { k: "zoneQuery" }>["op"], zone: TExpr): Eval {
  let at: (s: State) => number;
  if (zone.k === "const") {
    const z = zone.value as number;
    at = () => z;
  } else at = evalOf(zone) as (s: State) => number;
  if (mayBeNoZone(zone)) {
    // a zone that may be none reads as no cards: none.count is 0, none.top is none
    const cards = (s: State) => s.zones[at(s)] ?? noCards;
    return zoneQueryOf(op, cards);
  }
  return zoneQueryOf(op, (s) => s.zones[at(s)]);
}

function zoneQueryOf(op: Extract<TExpr, { k: "zoneQuery" }>["op"], cards: (s: State) => number[]): Eval {
  switch (op) {
    case "count":
      return (s) => cards(s).length;
    case "empty":
      return (s) => cards(s).length === 0;
    case "any":
      return (s) => cards(s).length > 0;
    case "top":
      return (s) => {
        const z = cards(s);
        return z.length ? z[z.length - 1] : null;
      };
    case "bottom":
      return (s) => {
        const z = cards(s);
        return z.length ? z[0] : null;
      };
  }
}

function bindOf(b: Bind): Run {
  const { frame, slot } = b;
  const f = evalOf(b.value);
  return (s) => void (frame[slot] = f(s));
}

/** A definition with parameters: bind the arguments in the caller's frame, then evaluate the body. */
function define(binds: Bind[], fn: Eval): Eval {
  const runs = binds.map(bindOf);
  if (runs.length === 1) {
    const bindArg = runs[0];
    return (s) => {
      bindArg(s);
      return fn(s);
    };
  }
  return (s) => {
    for (let i = 0; i < runs.length; i++) runs[i](s);
    return fn(s);
  };
}

function equality(e: Extract<TExpr, { k: "eq" }>): Eval {
  const [x, y] = [evalOf(e.a), evalOf(e.b)];
  const negate = e.negate;
  if (e.scalar && (e.b.k === "const" || e.a.k === "const")) {
    const k = e.b.k === "const" ? e.b.value : (e.a as { value: unknown }).value;
    const f = e.b.k === "const" ? x : y;
    return negate ? (s) => f(s) !== k : (s) => f(s) === k;
  }
  if (e.scalar) return negate ? (s) => x(s) !== y(s) : (s) => x(s) === y(s);
  return (s) => equal(x(s), y(s)) !== negate;
}
