/**
 * Remembers what a pure function of one text returned, for the last `size` distinct texts. A
 * thread is read again at every request (its messages do not change), a redraft is audited beside
 * the candidates kept before it, and retries and replays repeat whole requests: each text is read
 * once. Bounded, so no request can grow it (W10): the oldest text is forgotten first.
 */
export function memoByText<T>(read: (text: string) => T, size: number): (text: string) => T {
  const seen = new Map<string, T>();
  return (text) => {
    const hit = seen.get(text);
    if (hit !== undefined || seen.has(text)) return hit as T;
    const value = read(text);
    if (seen.size >= size) seen.delete(seen.keys().next().value!);
    seen.set(text, value);
    return value;
  };
}
