/**
 * `react` for the production build when WEB_RUNTIME=preact: Preact's compatibility layer plus React 19's
 * `use(context)`, which react-leaflet needs and preact/compat 10 lacks.
 */
import { useContext, type Context } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

export function use<T>(usable: Context<T>): T {
  return useContext(usable);
}
