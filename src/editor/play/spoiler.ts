// Looking at what one's own seat may not see, during a game against agents: another seat's hand, or the whole
// truth. It spoils the game, so the Play screen asks first and then says that it was seen.

/** The viewer that shows every card. */
export const TRUTH = -1;

/** Whether showing `viewer` would show a person, mid-game against agents, what their own seat may not see. */
export function spoils(frame: { over: boolean; people: boolean[] } | null, viewer: number): boolean {
  if (!frame || frame.over) return false;
  const people = frame.people.filter(Boolean).length;
  if (people === 0 || people === frame.people.length) return false; // agents alone, or people alone (hot seat)
  return viewer === TRUTH || (viewer >= 0 && !frame.people[viewer]);
}

/** What the screen asks before it shows such a view, and what it says once it has. */
export function spoilerQuestion(view: string): string {
  return `Show ${view}? It shows cards your seat may not see, mid-game against agents: it spoils this game.`;
}

export function spoilerSeen(view: string): string {
  return `You looked at ${view} during this game.`;
}
