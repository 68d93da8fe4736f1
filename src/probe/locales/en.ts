import type { DenyingLocale } from './probe-locale.js';

/** English samples of the probe. */
export const en: DenyingLocale = {
  locale: 'en',
  words: 'spaces',
  genericReplies: [
    'Thank you for your message. We will get back to you as soon as possible.',
    'Sorry, I did not understand. Could you please tell me more about what you need?',
    'Please provide your order number and we will check the status for you.',
    'Yes, of course. Is there anything else I can help you with today?',
  ],
  assertionMarkers: ['is', 'are', 'was', 'were', 'has', 'have', 'had', 'will', 'we', "we've", 'i', "i've", 'your', 'you', 'been'],
  denial: {
    deny: (state) => `It has not been ${state}.`,
    assert: (state) => `has been ${state}`,
  },
};
