module helper::vault {
    fun secret_rate(): u64 {
        7
    }

    public fun public_rate(): u64 {
        secret_rate()
    }
}

module helper::h {
    use helper::vault;

    public fun rate(): u64 {
        vault::secret_rate()
    }
}
