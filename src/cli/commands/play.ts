// houserules play: a person plays one seat in the terminal against agents, seeing only their own view.
import { ruleFoldersOption } from "../rule-folders.js";
import { createInterface } from "node:readline";
import { readArgs, intFlag } from "../args.js";
import { UsageError, type IO } from "../io.js";
import { newGame, legalMoves, applyMove, actors, play, moveText, stop, innermost, isRealtime, isLegal, type Move } from "../../interpreter/engine.js";
import type { Interface } from "node:readline";
import type { Agent } from "../../agents/agent.js";
import { reactionTime } from "../../agents/agent.js";
import type { RngState } from "../../interpreter/rng.js";
import { view } from "../../interpreter/view.js";
import { describeEvent } from "../../interpreter/events.js";
import { possessive } from "../../interpreter/zones.js";
import type { State } from "../../interpreter/state.js";
import { seedRng } from "../../interpreter/rng.js";
import { loadOrReport, optionFlag, optionHelp, optionsOf, outputFile, parseAgents, playersOf } from "../game-options.js";
import { withList } from "../rules-args.js";
import { seatNames } from "../../sim/play-game.js";
import { GameRecorder } from "../../sim/game-log.js";
import { programVersion, rulesHash } from "../../node/rules-hash.js";
import { writeFileSync } from "node:fs";

export const playHelp = `Usage: houserules play <id> [--with <fragment id>]... [--players N] [--seat K] [--seed S] [--agents a,b,...]

Plays a game in the terminal: you take seat K (from 1) and agents play the others. You see only what your
seat may see. When it is your turn the legal moves are listed: type a move (play 9S 9D) or its number.
In a real-time game (Hands) there are no turns: type a move whenever you like; each line is stamped with
the clock, and the agents act after their reaction times.
A refused move is explained with the rule that refused it. Other commands: view, log, help, quit.

Options:
  --with F     compose fragment F onto the rules (repeatable)
  --players N  number of players (default 4, or the nearest count the rules allow)
${optionHelp}
  --seat K     your seat, from 1 (default 1)
  --seed S     seed (default: a new game each time)
  --agents L   agents for the other seats (default random)
  --speed X    in real-time games, run the clock X times faster (the agents react X times sooner)
${ruleFoldersOption(13)}
  --log F      save the game to file F as JSON lines when it ends; houserules replay F plays it again
  -h, --help   this text
`;

export async function playCommand(argv: string[], io: IO): Promise<number> {
  const { values, positionals } = readArgs(argv, { players: { type: "string" }, seat: { type: "string" }, seed: { type: "string" }, agents: { type: "string" }, with: { type: "string", multiple: true }, speed: { type: "string" }, log: { type: "string" }, ...optionFlag });
  if (values.help) {
    io.out(playHelp);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError("play takes one rules id");
  const logFile = outputFile(values, "log");
  const refs = [positionals[0], ...withList(values.with)];
  const loaded = loadOrReport(refs, io);
  if (!loaded) return 1;
  const game = loaded.game;
  const players = playersOf(values, game);
  const seat = intFlag(values.seat, "seat", 1, 1, players) - 1;
  const seed = (values.seed as string | undefined) ?? String(Date.now());
  const agents = parseAgents(values.agents as string | undefined, players, "random");
  const speed = values.speed === undefined ? 1 : Number(values.speed);
  if (!(speed > 0)) throw new UsageError("--speed must be a positive number");
  const names = seatNames(players).map((n, i) => (i === seat ? "You" : n));
  const options = optionsOf(values, game) ?? {};
  const recorder = typeof logFile === "string"
    ? new GameRecorder({ program: programVersion(), game: 1, rules: refs, hash: rulesHash(loaded), options, seed, players: names, agents: agents.map((a, i) => (i === seat ? "person" : a.name)) })
    : null;
  const s = newGame(game, { players: names, seed, options, ...(recorder ? { watch: recorder.watch } : {}) });
  const rngs = agents.map((_, i) => seedRng(`${seed}/agent/${i}`));
  io.out(`${game.name} — ${players} players, you are seat ${seat + 1}. Seed ${seed}. Type help for commands.\n`);
  const code = await playSession({ s, seat, agents, rngs, io, speed });
  if (recorder && typeof logFile === "string") {
    writeFileSync(logFile, recorder.end(s).join("\n") + "\n");
    io.err(`the game${s.over ? "" : " so far (it is not over)"} is saved to ${logFile}: replay with houserules replay ${logFile}\n`);
  }
  return code;
}

export interface PlaySession {
  s: State;
  seat: number;
  agents: Agent[];
  rngs: RngState[];
  io: IO;
  speed: number;
}

/** Plays a started game at the terminal: the person at `seat` types moves, agents play the other seats. */
export async function playSession(session: PlaySession): Promise<number> {
  const { s, seat, agents, rngs, io, speed } = session;
  const lines = createInterface({ input: io.stdin ?? process.stdin, terminal: false });
  const iterator = lines[Symbol.asyncIterator]();
  const ask = async (prompt: string): Promise<string | null> => {
    io.out(prompt);
    const next = await iterator.next();
    return next.done ? null : String(next.value);
  };
  // Events are shown from the game being played now: the match itself, or the round inside it.
  const shown = new WeakMap<State, number>();
  const showLog = () => {
    for (let g: State | null = s; g; g = g.sub) {
      const from = shown.get(g) ?? 0;
      for (const e of (g.log ?? []).slice(from)) if (e.type !== "turn") io.out(describeEvent(g, e, seat) + "\n");
      shown.set(g, g.log?.length ?? 0);
    }
  };
  try {
    while (!s.over) {
      if (isRealtime(s)) {
        const quit = await playRealtime({ s, seat, agents, rngs, io, lines, speed, showLog });
        if (quit) return 0;
        continue;
      }
      const who = actors(s);
      if (who.length === 0) {
        stop(s, "nobody may act");
        break;
      }
      const p = who.includes(seat) ? seat : who[0];
      const legal = legalMoves(s, p);
      if (legal.length === 0) {
        stop(s, `${s.names[p]} has no legal move`);
        break;
      }
      if (p !== seat) {
        const index = legal.length === 1 ? 0 : agents[p].choose({ game: innermost(s).game, player: p, view: view(s, p), legal, rng: rngs[p] });
        applyMove(s, p, legal[index], true);
        showLog();
        continue;
      }
      showLog();
      io.out(render(innermost(s), seat));
      io.out(legal.map((m, i) => `  ${i + 1}. ${moveText(innermost(s), m)}`).join("\n") + "\n");
      for (;;) {
        const line = await ask("> ");
        if (line === null) {
          io.out("\nbye\n");
          return 0;
        }
        const input = line.trim();
        if (!input) continue;
        if (input === "quit" || input === "exit") return 0;
        if (input === "help") {
          io.out("type a move (for example: " + moveText(innermost(s), legal[0]) + "), or the number of a listed move; view, log, quit\n");
          continue;
        }
        if (input === "view") {
          io.out(render(innermost(s), seat));
          continue;
        }
        if (input === "log") {
          const g = innermost(s);
          io.out((g.log ?? []).map((e) => describeEvent(g, e, seat)).join("\n") + "\n");
          continue;
        }
        const n = Number(input);
        const result = Number.isInteger(n) && n >= 1 && n <= legal.length ? applyMove(s, seat, legal[n - 1], true) : play(s, seat, input);
        if (result.ok) break;
        io.out(`refused by ${result.refusal.rule}: ${result.refusal.reason}\n`);
      }
    }
    showLog();
    if (s.error) io.out(`the game stopped: ${s.error}\n`);
    return s.error ? 1 : 0;
  } finally {
    lines.close();
  }
}

/** Your view as text: every zone you can see something of, with backs shown as ##. */
export function render(s: State, seat: number): string {
  const v = view(s, seat);
  const out: string[] = [];
  out.push(`— ${v.phase}${v.current >= 0 ? `, ${possessive(v.names[v.current])} turn` : ""} —`);
  for (const z of v.zones) {
    if (z.cards.length === 0) continue;
    const shown = z.cards.map((c) => (c < 0 ? "##" : s.game.cardNames[c]));
    const hidden = z.cards.every((c) => c < 0);
    out.push(`  ${z.label.padEnd(18)} ${hidden ? `${z.cards.length} card${z.cards.length === 1 ? "" : "s"} face down` : shown.join(" ")}`);
  }
  // cards held by variables everyone sees: a shape being shown, the card in play
  for (const def of s.game.vars) {
    if (def.type.t !== "card" || def.visible !== "everyone") continue;
    const value = v.variables[def.name];
    if (def.per === "game" && typeof value === "number") out.push(`  ${def.name.padEnd(18)} ${s.game.cardNames[value]}`);
    if (def.per === "player" && Array.isArray(value)) {
      const held = value.map((c, p) => (typeof c === "number" ? `${v.names[p]} ${s.game.cardNames[c]}` : "")).filter(Boolean);
      if (held.length) out.push(`  ${def.name.padEnd(18)} ${held.join(", ")}`);
    }
  }
  return out.join("\n") + "\n";
}

interface RealtimePlay {
  s: State;
  seat: number;
  agents: Agent[];
  rngs: RngState[];
  io: IO;
  lines: Interface;
  speed: number;
  showLog: () => void;
}

/**
 * Real-time play at the terminal: the agents act on timers after their reaction times, and each line typed is
 * a move stamped with the clock (in seconds since play began, times the speed). Returns true when the person
 * quit; false when the real-time phase is over.
 */
function playRealtime(o: RealtimePlay): Promise<boolean> {
  const { s, seat, agents, rngs, io, lines, speed, showLog } = o;
  const start = performance.now();
  const origin = innermost(s).now;
  const clock = () => Math.round((origin + ((performance.now() - start) / 1000) * speed) * 1000) / 1000;
  const intents: ({ move: Move; at: number } | null)[] = agents.map(() => null);
  io.out(`${render(innermost(s), seat)}Real time: type a move at any moment (view, moves, quit).\n`);
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | null = null;
    const finish = (quit: boolean) => {
      if (timer) clearTimeout(timer);
      lines.off("line", onLine);
      lines.off("close", onClose);
      resolve(quit);
    };
    let inputClosed = false;
    const schedule = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      if (s.over || !isRealtime(s)) return finish(false);
      for (const p of actors(s)) {
        if (p === seat && !inputClosed) continue;
        if (intents[p] && !isLegal(s, p, intents[p]!.move)) intents[p] = null;
        if (intents[p]) continue;
        const legal = legalMoves(s, p);
        if (legal.length === 0) continue;
        const index = legal.length === 1 ? 0 : agents[p].choose({ game: innermost(s).game, player: p, view: view(s, p), legal, rng: rngs[p] });
        intents[p] = { move: legal[index], at: clock() + reactionTime(agents[p], rngs[p]) };
      }
      let next = -1;
      for (let p = 0; p < intents.length; p++) if (intents[p] && (next < 0 || intents[p]!.at < intents[next]!.at)) next = p;
      if (next < 0) return;
      const wait = Math.max(0, ((intents[next]!.at - clock()) / speed) * 1000);
      timer = setTimeout(() => {
        const intent = intents[next];
        intents[next] = null;
        if (intent && isLegal(s, next, intent.move)) applyMove(s, next, intent.move, true, Math.max(intent.at, innermost(s).now));
        showLog();
        schedule();
      }, wait);
    };
    const onLine = (line: string) => {
      const input = line.trim();
      if (!input) return;
      if (input === "quit" || input === "exit") return finish(true);
      if (input === "view") return void io.out(render(innermost(s), seat));
      if (input === "moves") return void io.out(legalMoves(s, seat).map((m) => `  ${moveText(innermost(s), m)}`).join("\n") + "\n");
      const at = Math.max(clock(), innermost(s).now);
      const result = play(s, seat, input, at);
      if (!result.ok) io.out(`refused by ${result.refusal.rule}: ${result.refusal.reason}\n`);
      else io.out(`(at ${at.toFixed(2)} s)\n`);
      showLog();
      schedule();
    };
    const onClose = () => {
      // no more input: an agent takes over the seat and the game plays on to the end
      inputClosed = true;
      schedule();
    };
    if ((lines as unknown as { closed?: boolean }).closed) inputClosed = true;
    lines.on("line", onLine);
    lines.on("close", onClose);
    schedule();
  });
}
