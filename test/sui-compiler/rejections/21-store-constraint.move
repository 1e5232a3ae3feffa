module helper::h;

public struct Ticket has key {
    id: UID,
    seat: u64,
}

public fun give(ticket: Ticket, to: address) {
    transfer::public_transfer(ticket, to)
}
