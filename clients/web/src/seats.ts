// Where the web client keeps its seats: in localStorage, so that a closed tab loses nothing, and
// in a resume link, to carry a seat to another browser.

export interface Seat { seat: number; credential: string; name: string; gameType?: string }

const SEAT_PREFIX = "kennel.seat.";
const seatKey = (gameId: string) => `${SEAT_PREFIX}${gameId}`;
export const savedName = () => localStorage.getItem("kennel.name") ?? "";

export function remember(gameId: string, seat: Seat): void {
  localStorage.setItem(seatKey(gameId), JSON.stringify(seat));
  localStorage.setItem("kennel.name", seat.name);
}

export function mySeat(gameId: string): Seat | undefined {
  // Earlier versions kept the seat in the tab's sessionStorage: carried over on first use.
  const saved = localStorage.getItem(seatKey(gameId)) ?? sessionStorage.getItem(seatKey(gameId));
  if (!saved) return undefined;
  const seat = JSON.parse(saved) as Seat;
  if (!localStorage.getItem(seatKey(gameId))) localStorage.setItem(seatKey(gameId), saved);
  return seat;
}

export function forget(gameId: string): void {
  localStorage.removeItem(seatKey(gameId));
  sessionStorage.removeItem(seatKey(gameId));
}

/** Every game this browser holds a seat in, newest first as stored. */
export function myGames(): [string, Seat][] {
  const found: [string, Seat][] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(SEAT_PREFIX)) continue;
    try {
      found.push([key.slice(SEAT_PREFIX.length), JSON.parse(localStorage.getItem(key)!) as Seat]);
    } catch { /* not ours */ }
  }
  return found;
}

/** A link that puts this seat back in any browser: the credential travels in the fragment,
 * which browsers never send to a server. */
export function resumeLink(gameId: string, seat: Seat): string {
  const data = encodeURIComponent(JSON.stringify({ seat: seat.seat, credential: seat.credential, name: seat.name, gameType: seat.gameType }));
  return `${location.origin}${location.pathname}#/resume/${gameId}/${data}`;
}
