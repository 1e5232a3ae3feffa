/// Plain copy+drop structs returned by value, nested and in vectors.
module helpers::records;

use std::string::String;

public struct Person has copy, drop, store {
    name: String,
    age: u8,
    wallet: address,
}

public struct Team has copy, drop {
    lead: Person,
    members: vector<Person>,
    active: bool,
}

public fun person(name: vector<u8>, age: u8, wallet: address): Person {
    Person { name: name.to_string(), age, wallet }
}

public fun team_of(n: u8): Team {
    let lead = person(b"lead", 40, @0x1);
    let mut members = vector[];
    let mut i = 0;
    while (i < n) {
        members.push_back(person(b"m", 20 + i, @0x2));
        i = i + 1;
    };
    Team { lead, members, active: n > 0 }
}

public fun oldest_member_age(n: u8): u8 {
    let t = team_of(n);
    let mut best = 0;
    let mut i = 0;
    while (i < t.members.length()) {
        let p = &t.members[i];
        if (p.age > best) best = p.age;
        i = i + 1;
    };
    best
}

public fun birthday(mut p: Person): Person {
    p.age = p.age + 1;
    p
}
