// houserules serve: hold games for friends at other screens, each sent only their seat's view.
import { readArgs, intFlag } from "../args.js";
import { UsageError, type IO } from "../io.js";
import { defaultStepMs, defaultStepWork } from "../../serve/step-budget.js";
import { withPackages } from "../../node/optional.js";
import { defaultStartBounds } from "../../serve/starts.js";

export const serveHelp = `Usage: houserules serve [--host H] [--port P] [--data DIR]

Runs a game server: rooms are made for rules (by id, or as rule files sent with the room), players join by
their seat's invitation link, agents fill the seats nobody takes, onlookers see what everyone sees. Each
connection is sent only its seat's view, legal moves and log. Every accepted move is written to the room's
log (the format houserules replay reads) and synced to disk before it is answered; started again on the
same --data folder, the server resumes every room from its log. The server's own page is a lobby: a host
makes a table of a game from the shelf with house rules and sends friends one link; each sits down under a
name of their own, the host starts (agents in empty seats) and asks for rematches; a seat whose player is
away is played by an agent until they are back. The protocol is in docs/serve.md.

Options:
  --host H       the address to listen on (default 127.0.0.1: this machine only). --host 0.0.0.0 lets
                 others on your network join: there are no accounts and no TLS, so do it only on a network
                 you trust, or behind a reverse proxy that adds TLS (docs/serve.md)
  --port P       the port (default 8080; 0: any free port, printed at the start)
  --data DIR     where rooms and their logs are kept (default ./houserules-rooms)
  --origin O     a page origin (https://example.org) whose pages may make rooms and connect, besides the
                 server's own (repeatable); the playground of npm start is http://127.0.0.1:5178
  --max-rooms N  the most rooms the server holds, in memory or on disk (default 1000), and the most
                 tables; past it new ones are refused until some expire
  --rooms-per-address N  the most rooms held at once that one address made (default 100), and tables
  --expire MIN   a room nobody has played in yet, or whose game is over, is deleted after MIN minutes
                 in which nothing happened in it and nobody was there (default 1440, a day)
  --expire-unfinished MIN  the same for a game going on (default 10080, a week)
  --trust-proxy ADDR  the address (or CIDR range) of a reverse proxy in front of the server, whose
                 X-Forwarded-For is believed, so that the limits per address count each player behind it
                 (repeatable); a client's own X-Forwarded-For is never believed
  --joins-per-seat N  how many times a minute one seat may join (default 30)
  --keep-finished MIN  how long a finished game's room stays in memory (default 10 minutes); then it
                 is kept on disk only, and a link to it loads it again
  --agent-delay MS  how long an agent waits before its move outside real time (default 400)
  --lag-cap MS   in real time, the most a move's time is set back for its sender's round trip (default
                 150; 0: moves are timed as they arrive)
  --step-work N  the most work a room's rule code may do at one time: its start, a move and what
                 follows it, an agent's decision, in the interpreter's units (default 2000000, about 50 ms of
                 a loop). A room that does more is stopped with E_BUDGET, so that no room's rules hold up the
                 others; counted, not timed, so a game stops at the same place however busy the machine is
  --step-ms MS   a backstop in wall-clock time for the same (default 1000)
  --load-ms MS   the most the rule files sent with a room may take to load (default 500); they are
                 loaded, and their game started, on a thread of their own before the room is made
  --rooms-per-minute N, --connections-per-minute N  per address (default 30 and 120)
  --messages-per-second N  per connection, after a burst of twice as many (default 10)
  --json         print what the server does as JSON lines ({"listening": url}, {"room": ...})
  -h, --help     this text

It runs until it is stopped (Ctrl-C). It never writes a seat's secret anywhere but into the answer to the
request that made the room.
`;

const loopback = new Set(["127.0.0.1", "::1", "localhost"]);

export async function serveCommand(argv: string[], io: IO): Promise<number> {
  const { values, positionals } = readArgs(argv, {
    host: { type: "string" }, port: { type: "string" }, data: { type: "string" }, origin: { type: "string", multiple: true }, "trust-proxy": { type: "string", multiple: true },
    "rooms-per-address": { type: "string" }, expire: { type: "string" }, "expire-unfinished": { type: "string" }, "joins-per-seat": { type: "string" },
    "max-rooms": { type: "string" }, "keep-finished": { type: "string" }, "agent-delay": { type: "string" }, "lag-cap": { type: "string" }, "step-ms": { type: "string" }, "step-work": { type: "string" }, "load-ms": { type: "string" },
    "rooms-per-minute": { type: "string" }, "connections-per-minute": { type: "string" }, "messages-per-second": { type: "string" },
    json: { type: "boolean" },
  });
  if (values.help) {
    io.out(serveHelp);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError("serve takes no rules: rooms are made by the players (docs/serve.md)");
  const host = typeof values.host === "string" ? values.host : "127.0.0.1";
  const json = Boolean(values.json);
  const say = (line: string, fields: Record<string, unknown>) => io.out(json ? JSON.stringify(fields) + "\n" : line + "\n");
  const perSecond = intFlag(values["messages-per-second"], "messages-per-second", 10, 1, 10_000);
  const { startServer } = await withPackages("houserules serve", ["fastify", "@fastify/websocket", "@fastify/rate-limit"], () => import("../../serve/server.js"));
  const server = await startServer({
    host, port: intFlag(values.port, "port", 8080, 0, 65535), data: typeof values.data === "string" ? values.data : "houserules-rooms",
    origins: (values.origin as unknown as string[] | undefined) ?? [],
    maxRooms: intFlag(values["max-rooms"], "max-rooms", 1000, 1, 100_000),
    roomsPerAddress: intFlag(values["rooms-per-address"], "rooms-per-address", 100, 1, 100_000),
    expireMs: intFlag(values.expire, "expire", 1440, 1, 366 * 24 * 60) * 60_000,
    expireUnfinishedMs: intFlag(values["expire-unfinished"], "expire-unfinished", 7 * 1440, 1, 366 * 24 * 60) * 60_000,
    trustProxy: (values["trust-proxy"] as unknown as string[] | undefined) ?? [],
    joinsPerSeat: intFlag(values["joins-per-seat"], "joins-per-seat", 30, 1, 10_000),
    keepFinishedMs: intFlag(values["keep-finished"], "keep-finished", 10, 0, 7 * 24 * 60) * 60_000,
    roomsPerMinute: intFlag(values["rooms-per-minute"], "rooms-per-minute", 30, 1, 1_000_000),
    connectionsPerMinute: intFlag(values["connections-per-minute"], "connections-per-minute", 120, 1, 1_000_000),
    perSecond, burst: 2 * perSecond,
    timing: { agentDelayMs: intFlag(values["agent-delay"], "agent-delay", 400, 0, 60_000), lagCap: intFlag(values["lag-cap"], "lag-cap", 150, 0, 2000) / 1000, stepMs: intFlag(values["step-ms"], "step-ms", defaultStepMs, 1, 60_000), stepWork: intFlag(values["step-work"], "step-work", defaultStepWork, 65_536, 1_000_000_000) },
    starts: { loadMs: intFlag(values["load-ms"], "load-ms", defaultStartBounds.loadMs, 1, 60_000) },
    say: (line) => say(line, { event: line }),
  });
  if (!loopback.has(host)) io.err(`warning: listening on ${host}: anyone who can reach this address can make rooms and watch them; there are no accounts and no TLS (docs/serve.md)\n`);
  say(`listening on ${server.url}`, { listening: server.url });
  await new Promise<void>((done) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      done();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await server.close();
  return 0;
}
