import type { DenyingLocale } from './probe-locale.js';

/**
 * Traditional Chinese samples of the probe. The assertion markers include the simplified forms
 * of those that differ (会, 帮, 给您), so a term written in simplified characters reads the same.
 */
export const zhTW: DenyingLocale = {
  locale: 'zh-TW',
  words: 'characters',
  genericReplies: [
    '謝謝您的訊息，我們會盡快回覆您。',
    '請提供您的訂單編號，我們會協助您查詢。',
    '不好意思，請問您可以再說明一下需求嗎？',
    '好的，沒問題，還有什麼可以幫您的嗎？',
  ],
  assertionMarkers: ['已', '將', '会', '會', '幫', '帮', '了', '好', '給您', '给您'],
  denial: {
    deny: (state) => `目前尚未${state}。`,
    assert: (state) => `已${state}`,
  },
};
