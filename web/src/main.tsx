// Global styles first, so component styles loaded after them can refine the shared classes.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { purgeExpired } from './lib/session-cache';

purgeExpired();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
