import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';

/** How many image uploads of the form are still running: saving waits for them. */
interface Uploads {
  busy: boolean;
  setUploading(key: string, uploading: boolean): void;
}

const UploadsContext = createContext<Uploads | null>(null);

export function UploadsProvider({
  children,
  onBusyChange,
}: {
  children: ReactNode;
  onBusyChange?: (busy: boolean) => void;
}) {
  const [keys, setKeys] = useState<ReadonlySet<string>>(new Set());
  const setUploading = useCallback(
    (key: string, uploading: boolean) =>
      setKeys((prev) => {
        if (prev.has(key) === uploading) return prev;
        const next = new Set(prev);
        if (uploading) next.add(key);
        else next.delete(key);
        onBusyChange?.(next.size > 0);
        return next;
      }),
    [onBusyChange],
  );
  const value = useMemo(() => ({ busy: keys.size > 0, setUploading }), [keys, setUploading]);
  return <UploadsContext value={value}>{children}</UploadsContext>;
}

export function useUploads(): Uploads {
  return use(UploadsContext) ?? { busy: false, setUploading: () => {} };
}
