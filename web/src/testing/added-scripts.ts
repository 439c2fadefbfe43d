import { beforeEach, vi } from 'vitest';

/**
 * The scripts the code under test appends to the document's head, kept off the document (the test DOM would
 * try to download them). Emptied before each test; the spy goes with vitest's restoreAllMocks after it.
 */
export function captureAddedScripts(): HTMLScriptElement[] {
  const added: HTMLScriptElement[] = [];
  beforeEach(() => {
    added.length = 0;
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
      added.push(node as unknown as HTMLScriptElement);
      return node;
    });
  });
  return added;
}
