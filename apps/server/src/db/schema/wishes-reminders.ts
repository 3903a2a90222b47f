// The wishes-reminders tables (filled in by its module).
export {};
