// The page an invitation link opens: the seat's table, its legal moves as buttons, the log as this seat reads it,
// and a banner while the connection is down. It is plain text and buttons drawn from the frames alone (every
// string set as text, never as HTML), so it shows nothing the server did not send to this seat. It reconnects
// by itself and sends a move in flight again with the same id, which the server applies at most once.

export const pageHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>houserules — a game online</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body { font: 15px/1.4 system-ui, sans-serif; margin: 1.2em; max-width: 60em; }
#banner { background: #fde2e2; border: 1px solid #d33; padding: .4em .8em; margin-bottom: .8em; }
#status { font-weight: 600; margin: .4em 0; }
#table div { font-family: ui-monospace, monospace; margin: .1em 0; }
#moves button { margin: .15em; font: inherit; }
#refusal { color: #a00; }
#log { font-family: ui-monospace, monospace; font-size: 13px; max-height: 22em; overflow: auto; border-top: 1px solid #ccc; margin-top: .8em; padding-top: .4em; white-space: pre-wrap; }
</style></head>
<body>
<div id="banner" hidden>The connection dropped: joining again…</div>
<div id="status">Connecting…</div>
<div id="table" data-test="table"></div>
<div id="moves" data-test="moves"></div>
<div id="refusal" data-test="refusal"></div>
<div id="log" data-test="log"></div>
<script src="/play.js"></script>
</body></html>
`;

export const pageScript = `"use strict";
(() => {
  const params = new URLSearchParams(location.hash.slice(1));
  const room = params.get("room") || "";
  const seat = params.has("seat") ? Number(params.get("seat")) : -1;
  const secret = params.get("secret") || "";
  const $ = (id) => document.getElementById(id);
  const shown = { frames: [], over: false, refused: null };
  window.houserules = shown;
  let ws = null;
  let last = null;
  let inFlight = null;
  let stopped = false;
  const send = (m) => { if (ws && ws.readyState === 1) ws.send(JSON.stringify(m)); };
  const line = (parent, text) => { const d = document.createElement("div"); d.textContent = text; parent.append(d); };

  function draw(f) {
    const who = f.seat >= 0 ? f.names[f.seat] : "an onlooker";
    const turn = f.over ? "The game is over" + (f.winners.length ? ": " + f.winners.join(", ") + " won" : "") : f.toMove.length ? f.toMove.map((p) => f.names[p]).join(" or ") + " to move" : "";
    $("status").textContent = "You are " + who + ". " + turn + (f.error ? " (" + f.error + ")" : "");
    $("table").replaceChildren();
    for (const part of f.table.split(" | ")) line($("table"), part);
    $("moves").replaceChildren();
    for (const text of f.legal) {
      const b = document.createElement("button");
      b.textContent = text;
      b.disabled = inFlight !== null;
      b.onclick = () => move(text);
      $("moves").append(b);
    }
    $("refusal").textContent = f.refusal ? "Refused (" + f.refusal.rule + "): " + f.refusal.reason : "";
  }

  function move(text) {
    if (!last || inFlight) return;
    inFlight = { t: "move", id: last.ack + 1, text, secret };
    for (const b of $("moves").children) b.disabled = true;
    send(inFlight);
  }

  function frame(f) {
    shown.frames.push(f);
    if (f.log.from === 0) $("log").replaceChildren();
    for (const text of f.log.lines) line($("log"), text);
    $("log").scrollTop = $("log").scrollHeight;
    if (inFlight && (f.ack >= inFlight.id || (f.refusal && f.refusal.id === inFlight.id))) inFlight = null;
    last = f;
    shown.over = f.over;
    draw(f);
  }

  function connect() {
    ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/rooms/" + encodeURIComponent(room) + "/socket");
    ws.onopen = () => {
      $("banner").hidden = true;
      send(seat >= 0 ? { t: "join", seat, secret } : { t: "watch" });
      if (inFlight) send(inFlight); // answered with a frame whether or not it was applied before the drop
    };
    ws.onmessage = (e) => {
      let m;
      try { m = JSON.parse(e.data); } catch { return; }
      if (m.t === "ping") send({ t: "pong", n: m.n });
      else if (m.t === "frame") frame(m);
      else if (m.t === "error") {
        $("refusal").textContent = m.message;
        if (m.code === "secret") { stopped = true; shown.refused = m.message; $("status").textContent = "This link does not open a seat: " + m.message; }
      }
    };
    ws.onclose = () => {
      if (stopped || shown.over) return;
      $("banner").hidden = false;
      setTimeout(connect, 1000);
    };
  }
  if (!room) $("status").textContent = "This page is opened by a seat's link from houserules serve.";
  else connect();
})();
`;
