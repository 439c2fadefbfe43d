/**
 * `react` for the production build (docs/decisions/0005): Preact's compatibility layer plus React 19's
 * `use(context)`, which react-leaflet needs and preact/compat 10 lacks. Plain JavaScript: the app is
 * type-checked against React's own types, this file only swaps the runtime.
 */
import { useContext } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/** @param {import('preact').Context<unknown>} context */
export function use(context) {
  return useContext(context);
}
