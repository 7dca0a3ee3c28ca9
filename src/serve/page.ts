// The page an invitation link opens: the seat's table drawn as the playground's Play screen draws it (card faces,
// labels, the log in words, moves made by clicking a card then its move), who is seated and connected, whose turn
// it is, and a banner while the connection is down. The page's script and style sheet are built from
// src/editor/seat/ by `npm run build` (vite.seat.config.ts) into dist/seat, and read from there once; the page
// draws from the frames alone (every string set as text, never as HTML), so it shows nothing the server did not
// send to this seat. It reconnects by itself and sends a move in flight again with the same id.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../node/package-root.js";

export const pageHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>houserules — a game online</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/seat.css">
</head>
<body>
<p id="status">Loading the table…</p>
<script src="/seat.js"></script>
</body></html>
`;

export interface SeatPage {
  script: string;
  style: string;
  /** Why the page is not there, in words a person can act on (null: it is). */
  missing: string | null;
}

let page: SeatPage | undefined;

/** The built page's script and style sheet; when they were never built, a script that says so on the page. */
export function seatPage(): SeatPage {
  if (page) return page;
  const folder = join(packageRoot(), "dist", "seat");
  const script = join(folder, "seat.js");
  const style = join(folder, "seat.css");
  if (existsSync(script) && existsSync(style)) return (page = { script: readFileSync(script, "utf8"), style: readFileSync(style, "utf8"), missing: null });
  const missing = `the page of a seat's link is not built (no ${script}): run npm run build in ${packageRoot()}, then start the server again`;
  // the page says only what to do, not where the server's folders are
  const said = JSON.stringify("This server's page for seat links is not built. Whoever runs the server: run npm run build in the houserules folder, then start the server again.");
  return { script: `document.getElementById("status").textContent = ${said};\n`, style: "", missing };
}
