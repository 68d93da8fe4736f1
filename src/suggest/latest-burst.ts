import type { MatchMessage } from './match.js';

/**
 * The complete latest same-author burst: the trailing run of messages by whoever wrote last,
 * oldest first. Empty for a conversation with no messages. A reply answers the whole burst, not
 * just its last line.
 */
export function latestBurst(messages: readonly MatchMessage[]): MatchMessage[] {
  const last = messages.at(-1);
  if (!last) return [];
  let start = messages.length - 1;
  while (start > 0 && messages[start - 1]!.author === last.author) start--;
  return messages.slice(start);
}

/** The latest burst written by `author`, wherever it is in the conversation; empty if none. */
export function latestBurstBy(messages: readonly MatchMessage[], author: 'user' | 'match'): MatchMessage[] {
  let end = messages.length;
  while (end > 0 && messages[end - 1]!.author !== author) end--;
  return latestBurst(messages.slice(0, end));
}
