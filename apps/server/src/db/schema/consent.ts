// The consent tables (filled in by its module).
export {};
