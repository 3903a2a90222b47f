// The insurance tables (filled in by its module).
export {};
