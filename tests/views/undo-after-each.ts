import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearToasts } from '../../src/services/toasts';

/**
 * A view test file's after-each: unmounts, undoes the fakes its tests installed (the last first), clears the toasts,
 * runs what the file undoes besides (`alsoAfter`) and restores the mocks. Returns the list the tests push undo steps on.
 */
export function undoAfterEach(alsoAfter: () => void = () => undefined): (() => void)[] {
  const undo: (() => void)[] = [];
  afterEach(() => {
    cleanup();
    for (const step of undo.splice(0).reverse()) step();
    clearToasts();
    alsoAfter();
    vi.restoreAllMocks();
  });
  return undo;
}
