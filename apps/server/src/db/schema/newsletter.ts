// The newsletter tables (filled in by its module).
export {};
