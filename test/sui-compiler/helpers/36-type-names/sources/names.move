/// std::type_name of primitives, framework types and our own.
module helpers::names;

use std::ascii::String;
use std::type_name;

public struct Marker has drop {}

public fun of<T>(): String {
    type_name::with_defining_ids<T>().into_string()
}

public fun own_module(): String {
    type_name::with_defining_ids<Marker>().module_string()
}

public fun primitive(): (bool, bool) {
    (type_name::with_defining_ids<u64>().is_primitive(), type_name::with_defining_ids<Marker>().is_primitive())
}

public fun coin_name(): String {
    of<sui::coin::Coin<sui::sui::SUI>>()
}
