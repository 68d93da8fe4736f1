import { describe, expect, it } from 'vitest';
import type { Match, MatchMessage } from '../match.js';
import { emptyProfile, type Profile, type ProfileFact } from '../profile.js';
import { emptyWiki, type Wiki, type WikiEntry } from '../wiki.js';
import { ngrams, privateMaterial } from './private-material.js';

const match = (over: Partial<Match> = {}): Match => ({
  id: 'm1',
  language: 'en',
  status: 'open',
  messages: [],
  details: {},
  checkList: [],
  summary: '',
  aiGenerations: [],
  ...over,
});
const message = (text: string): MatchMessage => ({ id: 'e1', author: 'match', kind: 'text', text, sentAt: 0, liked: false, replyTo: null });
const entry = (interpretation: string, note: string): WikiEntry => ({ path: 'habits.smoking', value: null, interpretation, label: 'good', note });
const fact = (id: string, statement: string, disclosable: boolean, verified: boolean, supports: string[] = []): ProfileFact => ({
  id,
  statement,
  disclosable,
  verified,
  topics: [],
  supports,
  doesNotSupport: [],
});
const material = (m: Partial<Match>, wiki: Wiki = emptyWiki, profile: Partial<Profile> = {}) =>
  privateMaterial(match(m), wiki, { ...emptyProfile, ...profile });

describe('private material (W7)', () => {
  it('word trigrams are cut to stems and joined by a space; a text shorter than three words has none', () => {
    expect(ngrams(['overthinks', 'every', 'single', 'reply'], 3)).toEqual(['overt every singl', 'every singl reply']);
    expect(ngrams(['two', 'words'], 3)).toEqual([]);
  });

  it('gathers every kind of private text, leaving out blank ones, unscored check-list items and facts the user may disclose', () => {
    const m = material(
      {
        checkList: [
          { id: 'c1', question: 'Enjoys outdoor weekends', answer: null, score: 3 },
          { id: 'c2', question: 'Owns a dog', answer: null, score: null },
        ],
        summary: 'Testing whether you are serious',
        aiGenerations: [{ id: 'g1', createdAt: '2026-01-01', analysis: 'Seems guarded', suggestions: ['Ask about hiking'] }],
      },
      { entries: [entry('Wants kids soon', '  '), entry('', 'Hates loud bars')] },
      {
        classifications: [{ label: 'Avoidant', text: 'Pulls back when close' }],
        privateNotes: ['Nervous about dating'],
        facts: [
          fact('f1', 'Earns well', true, true),
          fact('f2', 'Was married before', true, false),
          fact('f3', 'Has a sister', false, true),
          fact('f4', 'Lost a job', false, false),
        ],
      },
    );
    expect(m.texts).toEqual([
      'Wants kids soon',
      'Hates loud bars',
      'Enjoys outdoor weekends',
      'Testing whether you are serious',
      'Seems guarded',
      'Ask about hiking',
      'Avoidant. Pulls back when close',
      'Nervous about dating',
      'Was married before',
      'Has a sister',
      'Lost a job',
    ]);
  });

  it('a one- or two-word material is a whole phrase, kept only when one of its words has six letters or more', () => {
    const m = material({}, emptyWiki, {
      privateNotes: ['avoidant', 'anxious attachment', 'too jealous', 'clingy', 'quiet', 'shy guy', 'pulls back when close'],
    });
    expect(m.shortPhrases).toEqual(
      new Map([
        ['avoidant', 'private_note'],
        ['anxious attachment', 'private_note'],
        ['too jealous', 'private_note'],
        ['clingy', 'private_note'],
      ]),
    );
  });

  it('a trigram needs a content word (four letters suffice), and the first material holding it names its kind', () => {
    const m = material({}, { entries: [entry('quiet forest walks', '')] }, { privateNotes: ['quiet forest walks', 'they have been there', 'and i like it'] });
    expect(m.trigrams).toEqual(
      new Map([
        ['quiet fores walks', 'wiki_interpretation'],
        ['and i like', 'private_note'],
        ['i like it', 'private_note'],
      ]),
    );
  });

  it("wording of the match's messages and details, and of facts the user may disclose, is public and left out", () => {
    const m = material(
      { messages: [message('Honestly I love hiking mountain trails')], details: { job: 'Architect designing bridges', hobby: null } },
      emptyWiki,
      {
        privateNotes: ['hiking mountain trails', 'architect designing bridges', 'collects vintage cameras', 'baking sourdough bread'],
        facts: [
          fact('f1', 'Collects vintage cameras at markets', true, true, ['baking sourdough bread at home']),
          fact('f2', 'Plays jazz piano', true, false),
          fact('f3', 'Speaks fluent Japanese', false, true),
        ],
      },
    );
    // The facts the user may not disclose stay private; every other trigram was said in public.
    expect(m.trigrams).toEqual(
      new Map([
        ['plays jazz piano', 'private_fact'],
        ['speak fluen japan', 'private_fact'],
      ]),
    );
  });

  it('a short phrase is public only when every one of its words was said in public', () => {
    const m = material({ messages: [message('I can be avoidant at times'), message('Some anxious people')] }, emptyWiki, {
      privateNotes: ['avoidant', 'anxious attachment', 'clingy'],
    });
    expect([...m.shortPhrases.keys()]).toEqual(['anxious attachment', 'clingy']);
  });
});
