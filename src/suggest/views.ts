import type { MatchMessage } from './match.js';
import type { ProfileFact } from './profile.js';
import type { FactView, MessageView } from './suggest-skills.js';

/** A message as skills see it (a photo shows as `[photo]`: the model never guesses its content). */
export function messageView(m: MatchMessage): MessageView {
  return { id: m.id, author: m.author, text: m.kind === 'photo' ? `[photo] ${m.text}`.trim() : m.text, sentAt: new Date(m.sentAt).toISOString() };
}

/** A fact as skills see it: only verified, disclosable facts are ever passed. */
export function factView(f: ProfileFact): FactView {
  return { id: f.id, statement: f.statement, supports: f.supports, doesNotSupport: f.doesNotSupport };
}
