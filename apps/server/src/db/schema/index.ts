export * from './catalogue.ts';
export * from './consent.ts';
export * from './hotel-portal.ts';
export * from './insurance.ts';
export * from './newsletter.ts';
export * from './orders.ts';
export * from './staff.ts';
export * from './wishes-reminders.ts';
