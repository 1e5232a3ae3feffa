// The framework's `public use fun` declarations. They live in the framework's source, which bytecode
// does not keep, so they are listed here as read from Sui's framework sources.
// Key: the receiver type (`address::module::Type`, or the primitive's name), then the method name.

const STD = '0000000000000000000000000000000000000000000000000000000000000001';
const SUI = '0000000000000000000000000000000000000000000000000000000000000002';

interface UseFunEntry {
  type: string;
  method: string;
  module: { address: string; name: string };
  function: string;
}

const ENTRIES: UseFunEntry[] = [
  { type: 'vector', method: 'to_string', module: { address: STD, name: 'string' }, function: 'utf8' },
  { type: 'vector', method: 'try_to_string', module: { address: STD, name: 'string' }, function: 'try_utf8' },
  { type: 'vector', method: 'to_ascii_string', module: { address: STD, name: 'ascii' }, function: 'string' },
  {
    type: 'vector',
    method: 'try_to_ascii_string',
    module: { address: STD, name: 'ascii' },
    function: 'try_string',
  },
  {
    type: `${SUI}::object::ID`,
    method: 'to_address',
    module: { address: SUI, name: 'object' },
    function: 'id_to_address',
  },
  {
    type: `${SUI}::object::ID`,
    method: 'to_bytes',
    module: { address: SUI, name: 'object' },
    function: 'id_to_bytes',
  },
  {
    type: `${SUI}::object::UID`,
    method: 'as_inner',
    module: { address: SUI, name: 'object' },
    function: 'uid_as_inner',
  },
  {
    type: `${SUI}::object::UID`,
    method: 'to_inner',
    module: { address: SUI, name: 'object' },
    function: 'uid_to_inner',
  },
  {
    type: `${SUI}::object::UID`,
    method: 'to_address',
    module: { address: SUI, name: 'object' },
    function: 'uid_to_address',
  },
  {
    type: `${SUI}::object::UID`,
    method: 'to_bytes',
    module: { address: SUI, name: 'object' },
    function: 'uid_to_bytes',
  },
  {
    type: `${SUI}::coin::Coin`,
    method: 'split_vec',
    module: { address: SUI, name: 'pay' },
    function: 'split_vec',
  },
  {
    type: `${SUI}::coin::Coin`,
    method: 'join_vec',
    module: { address: SUI, name: 'pay' },
    function: 'join_vec',
  },
  {
    type: `${SUI}::coin::Coin`,
    method: 'split_and_transfer',
    module: { address: SUI, name: 'pay' },
    function: 'split_and_transfer',
  },
  {
    type: `${SUI}::coin::Coin`,
    method: 'divide_and_keep',
    module: { address: SUI, name: 'pay' },
    function: 'divide_and_keep',
  },
  {
    type: `${SUI}::coin::TreasuryCap`,
    method: 'into_supply',
    module: { address: SUI, name: 'coin' },
    function: 'treasury_into_supply',
  },
  {
    type: `${SUI}::balance::Balance`,
    method: 'into_coin',
    module: { address: SUI, name: 'coin' },
    function: 'from_balance',
  },
  {
    type: `${SUI}::balance::Supply`,
    method: 'value',
    module: { address: SUI, name: 'balance' },
    function: 'supply_value',
  },
];

const TABLE = new Map(ENTRIES.map((e) => [`${e.type}.${e.method}`, e]));

export function frameworkUseFun(
  typeKey: string,
  method: string,
): { module: { address: string; name: string }; name: string } | undefined {
  const entry = TABLE.get(`${typeKey}.${method}`);
  return entry && { module: entry.module, name: entry.function };
}
