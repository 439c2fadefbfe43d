/** Leaves the app for another site (the card gateway's hosted page). A module of its own so tests can stub it. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
