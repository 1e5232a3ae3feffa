// The harness's PTB spec (spec/harness.md §9.1): what a plan asks the simulator to run. Shared by the
// planner (agents, normalization, validation) and the simulation backends.

/** One argument: a JSON object with a single key naming its kind. */
export type PtbArg =
  | { u8: number }
  | { u16: number }
  | { u32: number }
  | { u64: number | string }
  | { u128: number | string }
  | { u256: number | string }
  | { bool: boolean }
  | { address: string }
  | { vector_u8_utf8: string }
  | { vector_u8_hex: string }
  | { vector_address: string[] }
  | { vector_bool: boolean[] }
  | { vector_u16: number[] }
  | { vector_u32: number[] }
  | { vector_u64: (number | string)[] }
  | { imm_or_owned_object: string }
  | { shared_object: { id: string; mutable: boolean } }
  | { sender_sui_coin: { index?: number; exclude_gas?: boolean } }
  | { gas_coin: unknown }
  | { result: number }
  | { nested_result: [number, number] }
  | { $smi_placeholder: string };

export interface PtbCall {
  /** `0xADDR::module::function` */
  target: string;
  type_args: string[];
  args: PtbArg[];
}

export interface PtbSpec {
  calls: PtbCall[];
}

/** The kind of an argument: its single key. */
export function argKind(arg: PtbArg): string {
  return Object.keys(arg)[0] ?? '';
}
