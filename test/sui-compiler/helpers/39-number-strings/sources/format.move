/// Numbers rendered as strings, by the framework and by hand.
module helpers::format;

use std::string::{Self, String};

public fun framework(x: u64): String {
    x.to_string()
}

public fun by_hand(mut x: u64): String {
    if (x == 0) return string::utf8(b"0");
    let mut digits = vector[];
    while (x > 0) {
        digits.push_back(((x % 10) as u8) + 48);
        x = x / 10;
    };
    digits.reverse();
    string::utf8(digits)
}

public fun labelled(label: vector<u8>, x: u64): String {
    let mut s = string::utf8(label);
    s.append_utf8(b": ");
    s.append(by_hand(x));
    s
}
