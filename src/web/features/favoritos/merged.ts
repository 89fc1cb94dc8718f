/** The account whose list already took in this device's (set after the merge, cleared on signing out). */
export const MERGED_KEY = 'vidriera.favoritos.cuenta';

export function setMergedFor(userId: string | null) {
  try {
    if (userId) window.localStorage.setItem(MERGED_KEY, userId);
    else window.localStorage.removeItem(MERGED_KEY);
  } catch {
    // Storage blocked: every load merges again, which changes nothing (the merge is a union).
  }
}

/** The account lists' query key root (removed on signing out). */
export const ROOT = ['mis-favoritos'] as const;
