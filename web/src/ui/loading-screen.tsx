import { Logo } from './logo';
import './loading-screen.css';

export const LOADING_DEFAULTS = {
  wait: 'Please wait ...',
  holdOn: 'Hold on!',
  loadingMessage: 'We are loading the page for you',
} as const;

export type LoadingTexts = { wait?: string; holdOn?: string; loadingMessage?: string };

/**
 * Full-page loading screen of spec §2: logo, title and two lines. The texts default to the spec's English
 * and are replaced by the translated `loader-translation` page when it is available.
 */
export function LoadingScreen({ wait, holdOn, loadingMessage, brand }: LoadingTexts & { brand?: string }) {
  return (
    <div className="loading-screen" role="status" aria-live="polite" aria-busy="true">
      <div className="loading-screen__card">
        <div className="loading-screen__logo">
          <Logo size={56} title={brand} />
          <span className="loading-screen__ring" aria-hidden="true" />
        </div>
        <p className="loading-screen__title">{wait || LOADING_DEFAULTS.wait}</p>
        <p className="loading-screen__line">{holdOn || LOADING_DEFAULTS.holdOn}</p>
        <p className="loading-screen__line">{loadingMessage || LOADING_DEFAULTS.loadingMessage}</p>
      </div>
    </div>
  );
}
