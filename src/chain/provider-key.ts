// The node provider's key this process sends (SMI_RPC_API_KEY, given by its entry point), in a module of its
// own so that setting it at start does not load the gRPC client.
let key: string | null = null;

/** Every chain client of this process sends `providerKey` unless told otherwise. */
export function useProviderKey(value: string | undefined): void {
  key = value ?? null;
}

export function providerKey(): string | null {
  return key;
}
