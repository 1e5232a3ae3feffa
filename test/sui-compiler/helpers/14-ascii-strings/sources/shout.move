/// std::ascii: validation, case changes, characters.
module helpers::shout;

use std::ascii::{Self, String};

public fun upper(bytes: vector<u8>): String {
    ascii::string(bytes).to_uppercase()
}

public fun lower_len(bytes: vector<u8>): (u64, vector<u8>) {
    let s = ascii::string(bytes).to_lowercase();
    (s.length(), s.into_bytes())
}

public fun with_bang(bytes: vector<u8>): String {
    let mut s = ascii::string(bytes);
    s.push_char(ascii::char(33));
    s
}

public fun last_char(bytes: vector<u8>): u8 {
    let mut s = ascii::string(bytes);
    s.pop_char().byte()
}

public fun printable(bytes: vector<u8>): bool {
    let maybe = ascii::try_string(bytes);
    if (maybe.is_none()) {
        return false
    };
    maybe.destroy_some().all_characters_printable()
}

public fun to_utf8(bytes: vector<u8>): std::string::String {
    std::string::from_ascii(bytes.to_ascii_string())
}
