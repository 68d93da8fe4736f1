/**
 * Shared by the sidecar's tests and its benchmark (not exported from the package): the
 * automotive contract of seed 000 and candidates in Traditional Chinese.
 */

import { UNSAFE_AUTOMOTIVE_CANDIDATE, automotiveContractJson } from '../contract/testing-contracts.js';

/** The automotive Reply Contract v0 of seed 000, verbatim (one copy, kept by the contract layer). */
export const automotiveContract = automotiveContractJson();

/** "No problem. Your vehicle viewing is booked for tomorrow at 2 PM." — holds 看車 and 已經幫您預約. */
export const unsafeAutomotiveCandidate = UNSAFE_AUTOMOTIVE_CANDIDATE;

/** A candidate that keeps every term of the automotive contract. */
export const safeAutomotiveCandidate =
  '好的，已記下希望到府估車的時段。時間尚未確認，需由真人顧問回覆。麻煩提供待估車輛的車牌與里程，謝謝。';

/** Two keys, one per tenant, for tests. */
export const testKeys = {
  acme: 'wk_test_acme_0123456789abcdef',
  beta: 'wk_test_beta_0123456789abcdef',
} as const;
