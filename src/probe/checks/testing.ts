import { type CompiledContract, compileContract, type ReplyContractJson, readContract } from '../../contract/index.js';

/** The ticket contract the checks' tests start from: v1, one required term each side, nothing forbidden. */
const TICKET_CONTRACT: ReplyContractJson = {
  contract_version: 'v1',
  interaction_kind: 'ticket_availability_inquiry',
  entity_roles: {},
  authority_status: 'none',
  fallback_body: 'The tickets are not held. Please complete checkout.',
  must_include: ['not held'],
  must_ask: ['complete checkout'],
  canonical_terms: [],
  forbidden_terms: [],
};

/**
 * A test's contract builder: the ticket contract with `base` over it, each call read and compiled
 * with its own `extra` on top (read through `readContract`, so the fallback is checked as a host's would be).
 */
export function ticketContractWith(base: Partial<ReplyContractJson>): (extra?: Partial<ReplyContractJson>) => CompiledContract {
  return (extra = {}) => compileContract(readContract({ ...TICKET_CONTRACT, ...base, ...extra }).contract);
}
