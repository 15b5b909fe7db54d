export * from './accounts.ts';
export * from './users.ts';
export * from './auth-tokens.ts';
export * from './sessions.ts';
export * from './audit-log.ts';
export * from './rate-limits.ts';
export * from './channels.ts';
export * from './marketplace-events.ts';
