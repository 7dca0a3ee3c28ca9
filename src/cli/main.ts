// The houserules command: check, simulate, test and play rule files.
import { processIO, UsageError, type IO } from "./io.js";
import { ruleFoldersHelp, takeRuleFolders, useRuleFolders } from "./rule-folders.js";
import { check, checkHelp } from "./commands/check.js";
import { simulateCommand, simulateHelp } from "./commands/simulate.js";
import { testCommand, testHelp } from "./commands/test.js";
import { playCommand, playHelp } from "./commands/play.js";
import { composeCommand, composeHelp } from "./commands/compose.js";
import { cardsCommand, cardsHelp } from "./commands/cards.js";
import { compareCommand, compareHelp } from "./commands/compare.js";
import { explainCommand, explainHelp } from "./commands/explain.js";
import { replayCommand, replayHelp } from "./commands/replay.js";

const commands = new Map<string, { run: (argv: string[], io: IO) => Promise<number>; help: string; summary: string }>(Object.entries({
  check: { run: check, help: checkHelp, summary: "load rule files and report every problem" },
  simulate: { run: simulateCommand, help: simulateHelp, summary: "play many games with agents and print what happened" },
  test: { run: testCommand, help: testHelp, summary: "run scenario files" },
  play: { run: playCommand, help: playHelp, summary: "play a game in the terminal against agents" },
  compose: { run: composeCommand, help: composeHelp, summary: "compose rule cards into one round and show which fills what" },
  replay: { run: replayCommand, help: replayHelp, summary: "play a saved game again and check it is the same, or a simulated game from its seed" },
  cards: { run: cardsCommand, help: cardsHelp, summary: "list every rule card with its type and markers" },
  explain: { run: explainCommand, help: explainHelp, summary: "write rules, fragments composed, as a rulebook in plain English" },
  compare: { run: compareCommand, help: compareHelp, summary: "play two sets of rules with the same seeds and agents, side by side" },
}));

export const mainHelp = `houserules — a declarative rules language for card games

Usage: houserules <command> [options]

Commands:
${[...commands].map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`).join("\n")}

Run houserules <command> --help for a command's options.
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
  const command = commands.get(name);
  if (!command) {
    io.err(`houserules: unknown command '${name}'\n\n${mainHelp}`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`houserules ${name}: ${e.message}\n\n${command.help}`);
      return 2;
    }
    io.err(`houserules ${name}: ${(e as Error).stack ?? e}\n`);
    return 1;
  }
}
