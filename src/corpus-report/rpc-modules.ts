// What the extractor asks a JSON-RPC fullnode (`--rpc-protocol json-rpc`), with its retry rule (spec/rust-contracts.md §2.4): only errors that
// read as transient are retried, with doubling back-off.
import type { SuiJsonRpcClient } from '@mysten/sui/jsonRpc';
import { withRetries, type Backoff } from '../chain/retry.js';
import { createRpcClient } from '../sim/json-rpc-client.js';
import type { RpcModule } from '../contracts/rpc-module.js';

export type RetrySettings = Backoff;

export const DEFAULT_RETRIES: RetrySettings = { retries: 8, initialMs: 250, maxMs: 5000 };

const TRANSIENT = /429|too many|timed out|timeout|connection|transport/i;

function errorText(error: unknown): string {
  const status = (error as { status?: unknown }).status;
  const message = error instanceof Error ? error.message : String(error);
  return status === undefined ? message : `HTTP ${String(status)}: ${message}`;
}

/** What the extractor's RPC modes ask a node, over either protocol. */
export interface NodePackages {
  readonly rpcUrl: string;
  /** The package's normalized modules, by module name. */
  fetch(packageId: string): Promise<Record<string, RpcModule>>;
  /** An object with its BCS and content (a package's `bcs.moduleMap`, a package-info's fields); null when none. */
  object(id: string): Promise<{ bcs?: unknown; content?: unknown } | null>;
}

export class RpcModules implements NodePackages {
  private readonly client: SuiJsonRpcClient;

  constructor(
    readonly rpcUrl: string,
    private readonly retry: RetrySettings,
  ) {
    this.client = createRpcClient(rpcUrl);
  }

  private async withRetry<T>(method: string, call: () => Promise<T>): Promise<T> {
    try {
      return await withRetries(
        call,
        (error) => (TRANSIENT.test(errorText(error)) ? null : undefined),
        this.retry,
      );
    } catch (error) {
      throw new Error(`${method} failed: ${errorText(error)}`, { cause: error });
    }
  }

  /** The package's normalized modules, by module name. */
  async fetch(packageId: string): Promise<Record<string, RpcModule>> {
    const modules = await this.withRetry('sui_getNormalizedMoveModulesByPackage', () =>
      this.client.getNormalizedMoveModulesByPackage({ package: packageId }),
    );
    return modules as unknown as Record<string, RpcModule>;
  }

  /** An object with its BCS and content (a package's `bcs.moduleMap`, a package-info's fields). */
  async object(id: string): Promise<{ bcs?: unknown; content?: unknown } | null> {
    const response = await this.withRetry('sui_getObject', () =>
      this.client.getObject({ id, options: { showBcs: true, showContent: true } }),
    );
    return (response.data as { bcs?: unknown; content?: unknown } | null | undefined) ?? null;
  }
}
