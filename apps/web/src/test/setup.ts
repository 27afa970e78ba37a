import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens load by route (lazy chunks): the first test of a file also transforms and imports its
// screen, which takes more than Testing Library's default 1 s on a loaded 2-core CI machine. The
// `findBy…`/`waitFor` calls wait for what a person would wait for, so they get 5 s; a test that
// passes still passes as soon as the element is there.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
