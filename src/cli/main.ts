// The houserules command: check, simulate, test and play rule files.
import { processIO, UsageError, type IO } from "./io.js";
import { ruleFoldersHelp, takeRuleFolders, useRuleFolders } from "./rule-folders.js";

/** What a command module exports: its entry and its help text. */
interface Command {
  run: (argv: string[], io: IO) => Promise<number>;
  help: string;
}

// Each command's module is imported only when the command runs: `houserules --help` and a mistyped command load
// none of them, and a command loads only what it uses (the loader, the parser, the simulator...).
const commands = new Map<string, { load: () => Promise<Command>; summary: string }>(Object.entries({
  check: {
    summary: "load rule files and report every problem",
    load: () => import("./commands/check.js").then((m) => ({ run: m.check, help: m.checkHelp })),
  },
  simulate: {
    summary: "play many games with agents and print what happened",
    load: () => import("./commands/simulate.js").then((m) => ({ run: m.simulateCommand, help: m.simulateHelp })),
  },
  test: {
    summary: "run scenario files",
    load: () => import("./commands/test.js").then((m) => ({ run: m.testCommand, help: m.testHelp })),
  },
  play: {
    summary: "play a game in the terminal against agents",
    load: () => import("./commands/play.js").then((m) => ({ run: m.playCommand, help: m.playHelp })),
  },
  compose: {
    summary: "compose rule cards into one round and show which fills what",
    load: () => import("./commands/compose.js").then((m) => ({ run: m.composeCommand, help: m.composeHelp })),
  },
  replay: {
    summary: "play a saved game again and check it is the same, or a simulated game from its seed",
    load: () => import("./commands/replay.js").then((m) => ({ run: m.replayCommand, help: m.replayHelp })),
  },
  cards: {
    summary: "list every rule card with its type and markers",
    load: () => import("./commands/cards.js").then((m) => ({ run: m.cardsCommand, help: m.cardsHelp })),
  },
  explain: {
    summary: "write rules, fragments composed, as a rulebook in plain English",
    load: () => import("./commands/explain.js").then((m) => ({ run: m.explainCommand, help: m.explainHelp })),
  },
  trace: {
    summary: "write a seeded game as a plain-text trace to keep and diff, or check one",
    load: () => import("./commands/trace.js").then((m) => ({ run: m.traceCommand, help: m.traceHelp })),
  },
  serve: {
    summary: "hold games for friends at other screens, each sent only their seat's view",
    load: () => import("./commands/serve.js").then((m) => ({ run: m.serveCommand, help: m.serveHelp })),
  },
  compare: {
    summary: "play two sets of rules with the same seeds and agents, side by side",
    load: () => import("./commands/compare.js").then((m) => ({ run: m.compareCommand, help: m.compareHelp })),
  },
  lsp: {
    summary: "a language server for rule files: check's diagnostics, completion and hover in any editor",
    load: () => import("./commands/lsp.js").then((m) => ({ run: m.lspCommand, help: m.lspHelp })),
  },
  games: {
    summary: "list the shelf: the games by family, their players and the house rules that ship with them",
    load: () => import("./commands/games.js").then((m) => ({ run: m.gamesCommand, help: m.gamesHelp })),
  },
  sweep: {
    summary: "play many rule sets, player counts and agents, here or on a queue, and merge the results",
    load: () => import("./commands/sweep.js").then((m) => ({ run: m.sweepCommand, help: m.sweepHelp })),
  },
  worker: {
    summary: "take a sweep's shards from a queue, play them and post their results",
    load: () => import("./commands/worker.js").then((m) => ({ run: m.workerCommand, help: m.workerHelp })),
  },
}));

export const mainHelp = `houserules — a declarative rules language for card games

Usage: houserules <command> [options]

Commands:
${[...commands].map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`).join("\n")}

Run houserules <command> --help for a command's options, houserules --version for the version.
Rules are named by id (idiot, idle-hands/missions), by name as printed ("Deal Eight"), or by a path
(./my-game.yaml). Your own rule files are found the same way beside the file that names them, in the working
folder, and in the folders given to any command:
  ${ruleFoldersHelp}
`;

export async function main(args: string[], io: IO = processIO(), env: string | undefined = process.env.HOUSERULES_PATH): Promise<number> {
  let argv: string[];
  try {
    const taken = takeRuleFolders(args, env);
    argv = taken.argv;
    useRuleFolders(taken.folders);
  } catch (e) {
    io.err(`houserules: ${(e as Error).message}\n`);
    return 2;
  }
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    io.out(mainHelp);
    return name ? 0 : 2;
  }
  if (name === "--version" || name === "-V" || name === "version") {
    const { programVersion } = await import("../node/rules-hash.js");
    io.out(`houserules ${programVersion()}\n`);
    return 0;
  }
  const entry = commands.get(name);
  if (!entry) {
    io.err(`houserules: unknown command '${name}'\n\n${mainHelp}`);
    return 2;
  }
  let command: Command | undefined;
  try {
    command = await entry.load();
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError && command) {
      io.err(`houserules ${name}: ${e.message}\n\n${command.help}`);
      return 2;
    }
    if ((e as Error).name === "MissingPackages") { // told by name: importing the class would load it with --help
      io.err(`houserules ${name}: ${(e as Error).message}\n`);
      return 1;
    }
    io.err(`houserules ${name}: ${(e as Error).stack ?? e}\n`);
    return 1;
  }
}
