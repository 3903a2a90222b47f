import { messageKeys } from './message-keys.ts';
import { text } from './text.ts';

/** `YYYY-MM-DD` of a day that exists (no 30 February: the database would refuse it with a 500). */
export const isCalendarDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '1000-01-01') return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
};
export const isoDate = text().refine(isCalendarDate, { message: messageKeys.invalid });
