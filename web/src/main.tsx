import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reloadOnStaleChunk } from './lib/reload-on-stale-chunk.js';

// Registered before the first lazy import below, so that every failed chunk is caught.
reloadOnStaleChunk();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The configuration is checked before anything else loads, so a bad setting is named on screen.
try {
  await import('./config/env.js');
} catch (error) {
  root.textContent = error instanceof Error ? error.message : String(error);
  root.style.cssText = 'white-space:pre-wrap;font:16px/1.5 monospace;padding:24px;color:#b00020';
  throw error;
}

const { App } = await import('./app/app.js');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
