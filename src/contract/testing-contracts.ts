import type { ReplyContract, ReplyContractJson } from './reply-contract.js';

/** The automotive contract of the Reply Contract v0 specification, verbatim: the reference contract of tests and benchmarks. */
export function automotiveContractJson(): ReplyContractJson {
  return {
    contract_version: 'v0',
    interaction_kind: 'seller_home_valuation',
    entity_roles: { customer: 'vehicle_seller', vehicle: 'customer_owned_vehicle_for_valuation' },
    authority_status: 'awaiting_human_confirmation',
    fallback_body: '已記下希望到府估車的時段。時間尚未確認，需由真人顧問回覆。請提供待估車輛的車牌與里程。',
    must_include: ['已記下希望到府估車的時段', '時間尚未確認，需由真人顧問回覆'],
    must_ask: ['待估車輛的車牌與里程'],
    canonical_terms: ['到府估車', '待估車輛'],
    forbidden_terms: ['看車', '已經幫您預約', '購買'],
  };
}

/** The specification's unsafe automotive candidate in Traditional Chinese. */
export const UNSAFE_AUTOMOTIVE_CANDIDATE = '沒問題，已經幫您預約明天下午兩點看車。';

/** A candidate that keeps every term of the Reply Contract v0 specification's automotive contract and says nothing forbidden. */
export const SAFE_AUTOMOTIVE_CANDIDATE = '好的，已記下希望到府估車的時段。時間尚未確認，需由真人顧問回覆。麻煩提供待估車輛的車牌與里程，謝謝。';

/**
 * A contract of forbidden terms only, built directly (not through `readContract`, so no
 * soundness check): for tests that hand a verifier term sets no fallback could be checked against.
 */
export function forbiddenOnlyContract(contractVersion: 'v0' | 'v1', forbiddenTerms: readonly string[]): ReplyContract {
  return {
    contractVersion,
    interactionKind: 'property',
    entityRoles: {},
    authorityStatus: 'none',
    fallbackBody: '-',
    mustInclude: [],
    mustAsk: [],
    canonicalTerms: [],
    forbiddenTerms,
  };
}
