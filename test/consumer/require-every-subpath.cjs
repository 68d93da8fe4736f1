// A CommonJS app (`"type": "commonjs"`, no bundler) requiring Warrant: each subpath the package
// exports, except those named on the command line (whose optional peer is not installed), then
// one governed reply. Node ≥ 20.19 requires the ESM build; this fails if any entry's import
// graph has a top-level await (ERR_REQUIRE_ASYNC_MODULE) or a subpath lacks a require condition.
'use strict';
const { exports: subpaths } = require('warrant/package.json');
const skip = new Set(process.argv.slice(2));
const names = {};
for (const subpath of Object.keys(subpaths)) {
  if (subpath === './package.json') continue;
  const specifier = subpath === '.' ? 'warrant' : `warrant/${subpath.slice(2)}`;
  if (skip.has(specifier)) continue;
  names[specifier] = Object.keys(require(specifier)).length;
}
const { governReply, readContract } = require('warrant/contract');
const { contract } = readContract({
  contract_version: 'v0',
  interaction_kind: 'ticket_inventory',
  entity_roles: { customer: 'buyer' },
  authority_status: 'payment_authoritative',
  fallback_body: 'Two tickets are shown as available; nothing is reserved yet.',
  must_include: ['nothing is reserved'],
  must_ask: [],
  canonical_terms: [],
  forbidden_terms: ['reserved two tickets'],
});
console.log(JSON.stringify({ names, status: governReply(contract, ['Great news, we reserved two tickets for you!']).status }));
