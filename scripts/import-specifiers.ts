/** An import or export clause's names, `a as b, c` → [[a, b], [c, c]] (module code after Vite's transforms; view-chunks). */
export const importSpecifiers = (list: string): Array<readonly [string, string]> =>
  list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const [from, as] = s.split(/\s+as\s+/);
      return [from!, as ?? from!] as const;
    });
