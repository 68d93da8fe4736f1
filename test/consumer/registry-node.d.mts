/** The Node 22 release the consumer tests run `ai` 7 on. */
export declare const NODE_22: string;
/** The Node 24 release `.ci/run` runs the consumer tests on. */
export declare const NODE_24: string;
/** The path of the `node` binary of release `version`, installed from the registry on first use. */
export declare function registryNode(version: string): string;
