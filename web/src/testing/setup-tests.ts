import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

/**
 * CONVENTIONS habit 11: a test fails when the code under test calls console.error (React warnings
 * included). A test that expects an error spies on console.error itself, which replaces this.
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
  localStorage.clear();
  console.error = originalError;
  if (errors.length > 0) {
    const first = errors[0]
      ?.map((part) => (part instanceof Error ? part.message : String(part)))
      .join(' ');
    throw new Error(`console.error was called ${errors.length} time(s); first: ${first}`);
  }
});
