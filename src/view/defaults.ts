// Where `smi-bench view` listens unless told: one value for the option's default and for the commands
// that point a user at the view. Import-light, since the CLI's option table loads it at startup.

export const DEFAULT_VIEW_PORT = 8390;
