// Why a game is far slower than the others of its family, from its own figures: `simulate --all` (npm run demo)
// prints games a second for every shelf game, and a game at a fifth of its family's median or less says why —
// its games are long, or each of its moves costs more (more legal moves to list a decision).

export interface SpeedRow {
  id: string;
  family: string | null;
  gamesPerSecond: number;
  meanMoves: number;
  branching: number;
}

/** How far below its family's median a game must be to say why: a fifth. */
const slow = 5;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const round = (x: number) => Math.round(x * 10) / 10;

/** For each row, why it is far slower than its family, or "" (a family of one game compares with nothing). */
export function slowReasons(rows: readonly SpeedRow[]): string[] {
  return rows.map((r) => {
    const family = rows.filter((o) => o.family === r.family && r.family !== null);
    if (family.length < 2) return "";
    const speed = median(family.map((o) => o.gamesPerSecond));
    if (r.gamesPerSecond * slow > speed) return "";
    const moves = median(family.map((o) => o.meanMoves));
    // seconds a move: a game's time over its moves
    const perMove = median(family.map((o) => 1 / (o.gamesPerSecond * o.meanMoves)));
    const mine = 1 / (r.gamesPerSecond * r.meanMoves);
    const why: string[] = [];
    if (r.meanMoves >= 2 * moves) why.push(`its games are long: ${round(r.meanMoves)} moves against the family's median ${round(moves)}`);
    if (mine >= 2 * perMove) {
      const branching = median(family.map((o) => o.branching));
      why.push(`each move costs ${round(mine / perMove)} times the family's${r.branching > branching ? `: ${round(r.branching)} legal moves a decision against ${round(branching)}` : " (its rules compute more a move)"}`);
    }
    return `${round(speed / r.gamesPerSecond)}× slower than its family's median: ${why.join("; ") || "its games are long and its moves cost more, each a little"}`;
  });
}
