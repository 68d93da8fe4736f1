// One value from each subpath, type-checked under every module resolution a host may use: this
// file is copied as .ts (node10, bundler), .mts (node16, ES module) and .cts (node16, CommonJS).
import { openStore as openStoreFromRoot } from 'warrant';
import { runWithFallback } from 'warrant/agents';
import { warrantMiddleware } from 'warrant/ai-sdk';
import { governReply, readContract, type ReplyEffect } from 'warrant/contract';
import { warrantRunnable } from 'warrant/langchain';
import { createModels } from 'warrant/model';
import { probeContract } from 'warrant/probe';
import { createServer } from 'warrant/server';
import { openStore, type StoreOptions } from 'warrant/store';
import { suggestReplies } from 'warrant/suggest';
import { builtInReplayers } from 'warrant/testing';
import { createTurnRuntime } from 'warrant/turn';

export function governed(json: unknown, candidate: string): ReplyEffect['status'] {
  return governReply(readContract(json).contract, [candidate]).status;
}
export const options: StoreOptions | undefined = undefined;
export const everyEntry = [
  openStoreFromRoot,
  runWithFallback,
  warrantMiddleware,
  warrantRunnable,
  createModels,
  probeContract,
  createServer,
  openStore,
  suggestReplies,
  builtInReplayers,
  createTurnRuntime,
];
