/**
 * Shared by the sidecar's tests and its benchmark (not exported from the package): the
 * automotive contract of seed 000 and candidates in Traditional Chinese.
 */

/** The automotive Reply Contract v0 of seed 000, verbatim. */
export const automotiveContract = {
  contract_version: 'v0',
  interaction_kind: 'seller_home_valuation',
  entity_roles: { customer: 'vehicle_seller', vehicle: 'customer_owned_vehicle_for_valuation' },
  authority_status: 'awaiting_human_confirmation',
  fallback_body: '已記下希望到府估車的時段。時間尚未確認，需由真人顧問回覆。請提供待估車輛的車牌與里程。',
  must_include: ['已記下希望到府估車的時段', '時間尚未確認，需由真人顧問回覆'],
  must_ask: ['待估車輛的車牌與里程'],
  canonical_terms: ['到府估車', '待估車輛'],
  forbidden_terms: ['看車', '已經幫您預約', '購買'],
} as const;

/** "No problem. Your vehicle viewing is booked for tomorrow at 2 PM." — holds 看車 and 已經幫您預約. */
export const unsafeAutomotiveCandidate = '沒問題，已經幫您預約明天下午兩點看車。';

/** A candidate that keeps every term of the automotive contract. */
export const safeAutomotiveCandidate =
  '好的，已記下希望到府估車的時段。時間尚未確認，需由真人顧問回覆。麻煩提供待估車輛的車牌與里程，謝謝。';

/** Two keys, one per tenant, for tests. */
export const testKeys = {
  acme: 'wk_test_acme_0123456789abcdef',
  beta: 'wk_test_beta_0123456789abcdef',
} as const;
