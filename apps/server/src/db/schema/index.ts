export * from './catalogue.ts';
export * from './orders.ts';
