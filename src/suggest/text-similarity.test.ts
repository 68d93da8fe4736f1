import { describe, expect, it } from 'vitest';
import { SAME_REPLY_SIMILARITY, textSimilarity } from './text-similarity.js';

describe(`diversity: similarity threshold ${SAME_REPLY_SIMILARITY}`, () => {
  it('diversity: punctuation and case alone give similarity 1', () => {
    expect(
      textSimilarity(
        'Mostly the quiet. And the pistol photo is an air pistol from a fair!',
        'mostly the quiet... and the pistol photo: an air pistol from a fair',
      ),
    ).toBeGreaterThanOrEqual(0.9);
  });
  it('diversity: word order alone gives similarity 1', () => {
    expect(textSimilarity('Which trail did you take today?', 'Today, which trail did you take?')).toBe(1);
  });
  it('diversity: a swapped or added adjective stays at or above the threshold', () => {
    expect(textSimilarity('That sounds amazing, which trail?', 'That sounds great, which trail?')).toBeGreaterThanOrEqual(SAME_REPLY_SIMILARITY);
    expect(textSimilarity('Skamba nuostabiai! Kuriuo taku ėjai?', 'Skamba puikiai, kuriuo taku ėjai?')).toBeGreaterThanOrEqual(SAME_REPLY_SIMILARITY);
    expect(textSimilarity('Hiking is my reset button.', 'Hiking is my favourite little reset button.')).toBeGreaterThanOrEqual(SAME_REPLY_SIMILARITY);
  });
  it('diversity: replies taking different directions fall well below it (under 0.35)', () => {
    const directions = [
      'Mostly the quiet, after an hour on a trail my head finally goes silent. And the pistol photo is from a summer fair: an air pistol, held exactly once.',
      'The snacks at the top, obviously. The pistol was an air pistol at a fair, so that is the whole story of my aim. Do you have a favourite spot on the Spit?',
      'Honestly, the moment my phone loses signal. That photo is just me holding an air pistol at a summer fair, nothing more. Where did the August trip take you?',
      'Good eye! That was an air pistol at a fair, not a hobby. Hiking is my reset button. What made you pick the Spit in August?',
    ];
    for (const [i, a] of directions.entries()) {
      for (const b of directions.slice(i + 1)) expect(textSimilarity(a, b)).toBeLessThan(0.35);
    }
  });
  it('diversity: similarity is symmetric', () => {
    expect(textSimilarity('a b c', 'b c d')).toBe(textSimilarity('b c d', 'a b c'));
  });
});
