import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { deadline } from '../../../scripts/test-deadlines.js';

// Lazy route modules load on first use; on a busy machine that can take longer than 1 s.
configure({ asyncUtilTimeout: deadline(5000) });

/**
 * docs/conventions.md §7.4: a test fails when the code under test calls console.error
 * (React warnings included). A test that expects an error spies on console.error itself, which
 * replaces this.
 */
const originalError = console.error;
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(args);
    originalError(...args);
  };
});

afterEach(() => {
  cleanup();
  // A test of server rendering runs in Node, without the DOM (entry-server.test.tsx).
  if (typeof localStorage !== 'undefined') localStorage.clear();
  console.error = originalError;
  if (errors.length > 0) {
    const first = errors[0]
      ?.map((part) => (part instanceof Error ? part.message : String(part)))
      .join(' ');
    throw new Error(`console.error was called ${errors.length} time(s); first: ${first}`);
  }
});

// jsdom has no layout; the router's scroll restoration calls this on every navigation.
if (typeof window !== 'undefined') window.scrollTo = () => {};
