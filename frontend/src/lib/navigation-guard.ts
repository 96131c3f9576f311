/**
 * A screen with unsaved work asks before the app leaves it (docs/product.md#revisions): the browser
 * router asks the guard set here before every in-app navigation, back and forward included, and goes
 * only when it answers true. One guard at a time (the screen on view).
 */
export type NavigationGuard = (to: string) => Promise<boolean>;

let current: NavigationGuard | undefined;

/** Sets the guard; the returned function removes it (if it is still the one set). */
export function setNavigationGuard(guard: NavigationGuard): () => void {
  current = guard;
  return () => {
    if (current === guard) current = undefined;
  };
}

export function navigationGuard(): NavigationGuard | undefined {
  return current;
}
