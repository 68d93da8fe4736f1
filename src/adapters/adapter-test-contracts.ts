import type { ReplyContractJson } from '../contract/reply-contract.js';

/** The ticket contract's fallback body. */
export const TICKET_FALLBACK = 'Two tickets are shown as available; nothing is reserved yet.';

/**
 * The README's ticket contract: the adapters' tests (and the inspector's) speak English so their
 * assertions read plainly.
 */
export function ticketContractJson(): ReplyContractJson {
  return {
    contract_version: 'v0',
    interaction_kind: 'ticket_inventory',
    entity_roles: { customer: 'buyer' },
    authority_status: 'payment_authoritative',
    fallback_body: TICKET_FALLBACK,
    must_include: ['nothing is reserved'],
    must_ask: [],
    canonical_terms: [],
    forbidden_terms: ['reserved two tickets'],
  };
}

/** A reply the ticket contract accepts. */
export const TICKET_SAFE_REPLY = 'Two seats are free in row F; nothing is reserved until you pay.';
/** A reply the ticket contract refuses: it claims a reservation nobody made. */
export const TICKET_UNSAFE_REPLY = 'Great news, we reserved two tickets for you!';
