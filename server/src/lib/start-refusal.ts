/**
 * Why an instance cannot start, which it says to the operator in one line and exits (server/src/main.ts): a
 * broken content file, a market without its configuration. Not a stack trace: nothing in the code is wrong.
 */
export class StartRefusal extends Error {}
