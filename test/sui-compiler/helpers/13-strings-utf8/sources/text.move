/// std::string: build, append, slice, search, convert.
module helpers::text;

use std::string::{Self, String};

public fun greet(name: vector<u8>): String {
    let mut s = string::utf8(b"Hello, ");
    s.append(string::utf8(name));
    s.append_utf8(b"!");
    s
}

public fun length_of(bytes: vector<u8>): u64 {
    string::utf8(bytes).length()
}

public fun middle(bytes: vector<u8>, from: u64, to: u64): String {
    let s = bytes.to_string();
    s.substring(from, to)
}

public fun position(hay: vector<u8>, needle: vector<u8>): u64 {
    let h = string::utf8(hay);
    h.index_of(&string::utf8(needle))
}

public fun is_valid(bytes: vector<u8>): bool {
    string::try_utf8(bytes).is_some()
}

public fun insert_word(bytes: vector<u8>, at: u64): vector<u8> {
    let mut s = string::utf8(bytes);
    s.insert(at, string::utf8(b"--"));
    s.into_bytes()
}

public fun empty_check(): (bool, bool) {
    let e = string::utf8(vector[]);
    let f = string::utf8(b"x");
    (e.is_empty(), f.is_empty())
}
