/** The automaton scan's WebAssembly bytes, compiled from src/contract/wasm/automaton-scan.wat. */
export function buildScanWasm(): Promise<Uint8Array>;
/** The TypeScript module that embeds `bytes` (src/contract/automaton-scan-wasm-bytes.ts). */
export function scanWasmModule(bytes: Uint8Array): string;
