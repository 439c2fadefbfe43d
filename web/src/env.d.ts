/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The portal's version (root package.json), put in by web/vite.config.ts. */
  readonly APP_VERSION: string;
}
