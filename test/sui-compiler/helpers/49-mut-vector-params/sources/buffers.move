/// Functions mutating vectors passed by &mut, called on locals and on struct fields.
module helpers::buffers;

public struct Buffer has copy, drop {
    data: vector<u8>,
    writes: u64,
}

fun write(data: &mut vector<u8>, bytes: vector<u8>) {
    let mut i = 0;
    while (i < bytes.length()) {
        data.push_back(bytes[i]);
        i = i + 1;
    };
}

fun fill(b: &mut Buffer, byte: u8, n: u64) {
    let mut i = 0;
    while (i < n) {
        b.data.push_back(byte);
        i = i + 1;
    };
    b.writes = b.writes + 1;
}

public fun build(n: u64): Buffer {
    let mut b = Buffer { data: vector[], writes: 0 };
    write(&mut b.data, b"ab");
    fill(&mut b, 0x7a, n);
    write(&mut b.data, x"00ff");
    b
}

public fun clear_tail(mut v: vector<u8>, keep: u64): vector<u8> {
    while (v.length() > keep) {
        v.pop_back();
    };
    v
}
